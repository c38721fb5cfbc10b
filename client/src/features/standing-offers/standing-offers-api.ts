import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptedOffer,
  MyStandingOffers,
  StandingOfferSettings,
  StandingOfferView,
  YourTurn,
} from '../../../../common/conversations/standing-offers';
import { apiRequest } from '../../lib/api';
import { invalidateAll, staleAfter, standingOfferKeys } from '../../lib/query-keys';

const base = (starterId: number) => `/api/starters/${starterId}`;

export const standingOfferQueries = {
  detail: (starterId: number) =>
    queryOptions({
      queryKey: standingOfferKeys.detail(starterId),
      queryFn: ({ signal }) =>
        apiRequest<StandingOfferView>(`${base(starterId)}/standing-offer`, { signal }),
    }),
  mine: () =>
    queryOptions({
      queryKey: standingOfferKeys.mine,
      queryFn: ({ signal }) => apiRequest<MyStandingOffers>('/api/me/standing-offers', { signal }),
    }),
};

/** The member's open offers, for the site-wide banner; answered ones drop out on refetch. */
export function useMyTurns(enabled: boolean) {
  return useQuery({
    queryKey: standingOfferKeys.myTurns,
    queryFn: ({ signal }) => apiRequest<YourTurn[]>('/api/standing-offers/my-turns', { signal }),
    enabled,
  });
}

export function useStandingOffer(starterId: number) {
  return useQuery(standingOfferQueries.detail(starterId));
}

/** The standing offers the member runs, and the turns offered to them (the landing page). */
export function useMyStandingOffers(enabled = true) {
  return useQuery({ ...standingOfferQueries.mine(), enabled });
}

/** An accepted offer becomes a reservation: see `staleAfter.standingOffer`. */
function useStandingMutation<Input, Output = unknown>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => invalidateAll(queryClient, staleAfter.standingOffer),
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
