import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';
import { useHasLeft } from './guarded-history';

/**
 * The address's query, and a change to it that starts from the last query this component asked
 * for rather than the last one rendered. React Router hands a functional update the query of the
 * last render, so two changes in a row (a place picked, then a distance) lost the first whenever
 * its navigation had not rendered yet.
 */
export function useSearchParamsLatest() {
  const [params, setParams] = useSearchParams();
  const hasLeft = useHasLeft();
  const asked = useRef<{ from: URLSearchParams; to: URLSearchParams } | null>(null);
  const change = useCallback(
    (next: (prev: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      // A change asked for once the member has moved on (a search typed just before a card was
      // opened, written when the typing pauses) would take them back: it is dropped.
      if (hasLeft()) return;
      // A render since the last change (it landed, or back/forward moved on) starts afresh.
      const base = asked.current?.from === params ? asked.current.to : params;
      const to = next(new URLSearchParams(base));
      asked.current = { from: params, to };
      setParams(to, options);
    },
    [params, setParams, hasLeft],
  );
  return [params, change] as const;
}
