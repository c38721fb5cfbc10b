import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSettings } from '../../../../common/notifications/push';
import { apiRequest } from '../../lib/api';
import {
  pushSupported,
  subscribeThisDevice,
  thisDeviceSubscription,
  unsubscribeThisDevice,
} from '../../lib/push-subscription';
import { pushKeys } from '../../lib/query-keys';

export function usePushSettings() {
  return useQuery({
    queryKey: pushKeys.settings,
    queryFn: ({ signal }) => apiRequest<PushSettings>('/api/push/settings', { signal }),
  });
}

export function useUpdatePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<PushSettings>) =>
      apiRequest<PushSettings>('/api/push/settings', { method: 'PATCH', body: patch }),
    onSuccess: (settings) => queryClient.setQueryData(pushKeys.settings, settings),
  });
}

/** Whether this browser gets pushes now. */
export function useThisDevicePush() {
  return useQuery({
    queryKey: pushKeys.device,
    queryFn: async () => !!(await thisDeviceSubscription()),
    enabled: pushSupported(),
  });
}

export function useSetThisDevicePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      if (on) await subscribeThisDevice();
      else await unsubscribeThisDevice();
      return on;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.device }),
  });
}
