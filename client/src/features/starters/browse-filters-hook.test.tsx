import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { AppRouter, memoryHistory } from '../../test/render';
import { describe, expect, it } from 'vitest';
import { useBrowseFilters } from './browse-filters';

/** The hook on a browse page of its own router, so the test can read the address it leads to. */
function renderOnBrowse(url: string) {
  const history = memoryHistory(url);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppRouter history={history} routes={[{ path: '/browse', element: children }]} />
  );
  const hook = renderHook(() => useBrowseFilters(), { wrapper });
  return {
    ...hook,
    history,
    search: () => new URLSearchParams(history.location.search),
  };
}

describe('useBrowseFilters', () => {
  it('keeps both of two changes made before the first one renders', async () => {
    const { result, search } = renderOnBrowse('/browse?search=kefir&near=Beaverton&view=map');
    await act(async () => {
      // A place picked, then a distance chosen at once: the second starts from the first.
      result.current.update({ near: 'Milwaukie', location: '' });
      result.current.update({ radiusKm: 10 });
    });
    expect(Object.fromEntries(search())).toEqual({
      search: 'kefir',
      near: 'Milwaukie',
      radiusKm: '10',
      view: 'map',
    });
    expect(result.current.filters).toMatchObject({ near: 'Milwaukie', radiusKm: 10 });
  });

  it('starts from the address again once it has moved on by itself', async () => {
    const { result, search, history } = renderOnBrowse('/browse?near=Beaverton');
    await act(async () => result.current.update({ radiusKm: 25 }));
    expect(search().get('radiusKm')).toBe('25');
    // Back, to the address before the distance: the next change builds on that one.
    act(() => history.go(-1));
    await act(async () => result.current.update({ category: 'dairy' }));
    expect(Object.fromEntries(search())).toEqual({ near: 'Beaverton', category: 'dairy' });
  });

  it('drops a change asked for once the member has moved to another page', () => {
    const { result, history } = renderOnBrowse('/browse');
    // The search typed just before a card was opened, written when the typing pauses.
    const update = result.current.update;
    act(() => history.push('/starters/7'));
    act(() => update({ search: 'kefir' }));
    expect(history.location.pathname).toBe('/starters/7');
    expect(history.location.search).toBe('');
  });
});
