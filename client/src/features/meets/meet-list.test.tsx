import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeetSummary } from '../../../../common/listings/meets';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NearbyMeetCard } from './meet-list';

const meet: MeetSummary = {
  id: 7,
  title: 'Market swap by the fountain',
  place: 'Portland, Oregon, United States',
  startsAt: '2026-12-05T18:00:00.000Z',
  endsAt: '2026-12-05T21:00:00.000Z',
  distanceKm: 4.8,
  hostName: 'Greta',
  coming: 3,
  portions: 5,
};

afterEach(() => vi.unstubAllGlobals());

describe('the home page card for the next meet near the member', () => {
  it('names the next meet, links to it and says how far it is in the member’s units', async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse([meet]));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<NearbyMeetCard place="Portland, Oregon" />);
    const link = await screen.findByRole('link', { name: meet.title });
    expect(link).toHaveAttribute('href', '/meets/7');
    expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
    // In the member's units, as every distance on the site: miles for an American browser.
    expect(screen.getByText('Portland, Oregon, United States · 3 mi away')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/meets?near=Portland%2C%20Oregon');
  });

  it('shows nothing without a place, and asks nothing', () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse([meet]));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderWithProviders(<NearbyMeetCard place={null} />);
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
