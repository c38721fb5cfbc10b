import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeetSummary } from '../../../../common/listings/meets';
import { aMember, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MeetForm } from './meet-form';
import { MeetList } from './meet-list';

const meet: MeetSummary = {
  id: 4,
  title: 'Winter swap',
  place: 'Portland, Oregon, United States',
  startsAt: '2026-12-05T18:00:00.000Z',
  endsAt: '2026-12-05T20:00:00.000Z',
  distanceKm: 3.2,
  hostName: 'Olive',
  coming: 2,
  portions: 5,
};

function serve() {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/user') return jsonResponse(aMember());
      if (url.startsWith('/api/meets?near=')) return jsonResponse([meet]);
      if (url === '/api/meets' && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return jsonResponse({ id: 9 }, 201);
      }
      return jsonResponse([]);
    }),
  );
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

describe('planning a meet', () => {
  it('refuses an end before the start with a message, on the field, and sends nothing', async () => {
    const posts = serve();
    renderWithProviders(
      <MeetForm
        place="Portland, Oregon, United States"
        placeField={({ id, value, onChange }) => (
          <input id={id} value={value} onChange={(e) => onChange(e.target.value)} />
        )}
      />,
    );
    await userEvent.type(screen.getByLabelText('Title'), 'Winter swap');
    await userEvent.type(screen.getByLabelText('Starts'), '2030-12-05T18:00');
    await userEvent.type(screen.getByLabelText('Ends'), '2030-12-05T17:00');
    await userEvent.click(screen.getByRole('button', { name: 'Plan the meet' }));
    expect(await screen.findByText('The meet must end after it starts')).toBeInTheDocument();
    expect(screen.getByLabelText('Ends')).toHaveFocus();
    expect(posts).toEqual([]);
  });
});

describe('meets near a place', () => {
  it('lists each with its time, place, distance and counts, linked to its page', async () => {
    serve();
    renderWithProviders(<MeetList near="Portland, Oregon, United States" />);
    expect(await screen.findByRole('link', { name: 'Winter swap' })).toHaveAttribute(
      'href',
      '/meets/4',
    );
    // In the member's units: an American browser reads miles (3.2 km).
    expect(screen.getByText('Portland, Oregon, United States · 2 mi away')).toBeInTheDocument();
    expect(screen.getByText('2 coming · 5 portions brought')).toBeInTheDocument();
  });
});
