import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Place, PlaceSuggestions } from '../../../../common/listings/places';
import type { Starter } from '../../../../common/listings/starters';
import { apiRequest } from '../../lib/api';
import { placeKeys, starterKeys } from '../../lib/query-keys';

/** Places whose name begins with `typed` (two letters at least). */
export function usePlaceSuggestions(typed: string) {
  const q = typed.trim();
  return useQuery({
    queryKey: placeKeys.suggestions(q.toLowerCase()),
    queryFn: ({ signal }) =>
      apiRequest<PlaceSuggestions>(`/api/places?${new URLSearchParams({ q })}`, { signal }),
    enabled: q.length >= 2,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/**
 * "Use my location": the browser's position, rounded here to about a kilometre, becomes the
 * nearest gazetteer place. Only the place's name is kept (in the address).
 */
export async function placeNearMe(): Promise<string> {
  const position = await new Promise<GeolocationPosition>((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error('Location is not available in this browser'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      maximumAge: 10 * 60 * 1000,
      timeout: 10_000,
    });
  });
  const round = (v: number) => (Math.round(v * 100) / 100).toFixed(2);
  const query = new URLSearchParams({
    lat: round(position.coords.latitude),
    lng: round(position.coords.longitude),
  });
  const place = await apiRequest<Place>(`/api/places/nearest?${query}`);
  return place.name;
}

/** How far starter `id` is from `near`, for its page; nothing without a place. */
export function useStarterDistance(id: number, near: string) {
  return useQuery({
    queryKey: starterKeys.distance(id, near),
    queryFn: ({ signal }) =>
      apiRequest<Starter>(`/api/starters/${id}?${new URLSearchParams({ near })}`, { signal }),
    select: (starter) => starter.distanceKm,
    enabled: !!near,
  });
}
