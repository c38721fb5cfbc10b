import { useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '../../../common/site';

export const siteQueryKey = ['/api/site'] as const;

export function useSite() {
  return useQuery<SiteSettings>({ queryKey: siteQueryKey });
}
