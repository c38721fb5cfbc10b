import { useInfiniteQuery } from '@tanstack/react-query';
import {
  MODERATION_LOG_PAGE,
  type ModerationLogEntry,
} from '../../../../common/moderation/moderation-log';
import { apiRequest } from '../../lib/api';
import { moderationKeys } from '../../lib/query-keys';

/** The public moderation log, newest first, a page at a time ("Show older"). */
export function useModerationLog() {
  return useInfiniteQuery({
    queryKey: moderationKeys.log,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ModerationLogEntry[]>(
        `/api/moderation/log?limit=${MODERATION_LOG_PAGE}${
          pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''
        }`,
        { signal },
      ),
    getNextPageParam: (last: ModerationLogEntry[]) =>
      last.length === MODERATION_LOG_PAGE ? last[last.length - 1]!.at : undefined,
  });
}
