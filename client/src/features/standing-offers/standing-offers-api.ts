import { createContext, useContext } from 'react';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type {
  AcceptedOffer,
  StandingOfferSettings,
  StandingOfferView,
} from '../../../../common/standing-offers';
import { apiRequest } from '../../lib/api';

/** Every standing-offer key starts with `all`, so one invalidation refreshes them all. */
export const standingOfferKeys = {
  all: ['standing-offers'] as const,
  /** A starter's standing offer as the signed-in member (or visitor) sees it. */
  detail: (starterId: number) => ['standing-offers', 'starter', starterId] as const,
};

const base = (starterId: number) => `/api/starters/${starterId}`;

export const standingOfferQueries = {
  detail: (starterId: number) =>
    queryOptions({
      queryKey: standingOfferKeys.detail(starterId),
      queryFn: ({ signal }) =>
        apiRequest<StandingOfferView>(`${base(starterId)}/standing-offer`, { signal }),
    }),
};

export function useStandingOffer(starterId: number) {
  return useQuery(standingOfferQueries.detail(starterId));
}

/**
 * An accepted offer becomes a reservation (starters' portions, the thread's lines, my
 * hand-overs): those features' keys come in from the composition, not by import.
 */
const RelatedKeysContext = createContext<readonly QueryKey[]>([]);
export const StandingOfferRelatedKeysProvider = RelatedKeysContext.Provider;

function useStandingMutation<Input, Output = unknown>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  const related = useContext(RelatedKeysContext);
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(
        [standingOfferKeys.all, ...related].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export function useSaveStandingOffer(starterId: number) {
  return useStandingMutation((settings: StandingOfferSettings) =>
    apiRequest<StandingOfferView>(`${base(starterId)}/standing-offer`, {
      method: 'POST',
      body: settings,
    }),
  );
}

export function usePauseStandingOffer(starterId: number) {
  return useStandingMutation((paused: boolean) =>
    apiRequest<StandingOfferView>(
      `${base(starterId)}/standing-offer/${paused ? 'pause' : 'resume'}`,
      { method: 'POST' },
    ),
  );
}

export function useOfferRoundNow(starterId: number) {
  return useStandingMutation(() =>
    apiRequest<StandingOfferView>(`${base(starterId)}/standing-offer/rounds`, { method: 'POST' }),
  );
}

export function useEndStandingOffer(starterId: number) {
  return useStandingMutation(() =>
    apiRequest<void>(`${base(starterId)}/standing-offer`, { method: 'DELETE' }),
  );
}

export function useJoinWaitlist(starterId: number) {
  return useStandingMutation(() =>
    apiRequest<StandingOfferView>(`${base(starterId)}/waitlist`, { method: 'POST' }),
  );
}

export function useLeaveWaitlist(starterId: number) {
  return useStandingMutation(() =>
    apiRequest<void>(`${base(starterId)}/waitlist`, { method: 'DELETE' }),
  );
}

export function useAnswerOffer() {
  return useStandingMutation(({ offerId, accept }: { offerId: number; accept: boolean }) =>
    apiRequest<AcceptedOffer | void>(
      `/api/standing-offers/offers/${offerId}/${accept ? 'accept' : 'decline'}`,
      { method: 'POST' },
    ),
  );
}
