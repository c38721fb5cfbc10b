import { useCallback, useContext, useRef } from 'react';
import {
  UNSAFE_NavigationContext,
  useLocation,
  useSearchParams,
  type Location,
  type NavigateOptions,
} from 'react-router';

/**
 * The address's query, and a change to it that starts from the last query this component asked
 * for rather than the last one rendered. React Router hands a functional update the query of the
 * last render, so two changes in a row (a place picked, then a distance) lost the first whenever
 * its navigation had not rendered yet.
 */
export function useSearchParamsLatest() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const asked = useRef<{ from: URLSearchParams; to: URLSearchParams } | null>(null);
  const change = useCallback(
    (next: (prev: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      // A page being left stays drawn until the next one is ready: a change it asks for then (a
      // search typed just before a card was opened, written when the typing pauses) would take
      // the member back to it, so it is dropped.
      const now = (navigator as { location?: Location }).location;
      if (now && now.pathname !== pathname) return;
      // A render since the last change (it landed, or back/forward moved on) starts afresh.
      const base = asked.current?.from === params ? asked.current.to : params;
      const to = next(new URLSearchParams(base));
      asked.current = { from: params, to };
      setParams(to, options);
    },
    [params, setParams, pathname, navigator],
  );
  return [params, change] as const;
}
