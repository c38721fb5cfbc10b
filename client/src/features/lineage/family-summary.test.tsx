import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { FamilySummary } from './family-summary';

// The map is drawn by Leaflet in the browser; here the summary's words are what matters.
vi.mock('./family-map', () => ({ default: () => null }));

afterEach(() => vi.unstubAllGlobals());

const place = (id: number, title: string) => ({
  id,
  title,
  location: 'Leeds, UK',
  generation: 1,
  latitude: null,
  longitude: null,
});

describe('family summary', () => {
  it('tells where it began but links no family tree before a kitchen is reached', async () => {
    // Jar 8's family is brand new; jar 9's has reached one kitchen.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const id = url.includes('/9/') ? 9 : 8;
        return jsonResponse({
          starter: place(id, `Jar ${id}`),
          ancestors: [],
          descendants: [],
          descendantsCapped: false,
          kitchens: id === 9 ? 1 : 0,
          generations: 1,
          origin: { starterId: id, title: `Jar ${id}`, originStory: `Story ${id}`, bornYear: null },
        });
      }),
    );
    renderWithProviders(
      <>
        <FamilySummary starterId={8} />
        <FamilySummary starterId={9} />
      </>,
    );
    expect(
      await screen.findByRole('link', { name: 'Family tree · 1 kitchen reached' }),
    ).toHaveAttribute('href', '/starter/9/family');
    expect(screen.getByText('Story 8')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Family tree · 0/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: /Family tree/ })).toHaveLength(1);
  });
});
