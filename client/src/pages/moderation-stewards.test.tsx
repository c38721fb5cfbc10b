import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../common/members/users';
import type { ReportItem } from '../../../common/moderation/reports';
import type {
  HeldMessage,
  HeldStarter,
  ModerationWaiting,
} from '../../../common/moderation/screening';
import type { StewardItem } from '../../../common/moderation/stewards';
import { Toaster } from '../components/ui/toast';
import { renderWithProviders } from '../test/render';
import ModerationPage from './moderation';

const LEEDS = 'Leeds, England, United Kingdom';

const person = (id: string, extra: Partial<CurrentUser> = {}): CurrentUser => ({
  id,
  username: id,
  firstName: null,
  lastName: null,
  email: `${id}@example.test`,
  location: null,
  contactInfo: null,
  profileImageUrl: null,
  isModerator: false,
  emailVerified: true,
  createdAt: new Date().toISOString(),
  stewardOf: [],
  ...extra,
});

const report: ReportItem = {
  id: 5,
  reason: 'safety',
  description: null,
  status: 'pending',
  createdAt: new Date().toISOString(),
  reviewedAt: null,
  reviewer: null,
  reporter: { id: 'r1', username: 'worried_neighbour', firstName: null },
  starter: {
    id: 9,
    title: 'Leeds kefir',
    category: 'dairy',
    description: 'Grains',
    imagePath: null,
    thumbnailPath: null,
    removedAt: null,
    user: {
      id: 'o1',
      username: 'kefir_kim',
      firstName: null,
      lastName: null,
      isModerator: false,
      bannedAt: null,
      suspendedUntil: null,
    },
  },
  message: null,
};

const heldListing: HeldStarter = {
  id: 21,
  kind: 'starter',
  title: 'Leeds kefir for sale',
  description: 'Grains, five pounds',
  codes: ['money'],
  createdAt: new Date().toISOString(),
  owner: {
    id: 'o2',
    username: 'leeds_seller',
    firstName: null,
    joinedAt: new Date().toISOString(),
  },
};

const heldMessage: HeldMessage = {
  id: 31,
  kind: 'message',
  content: 'Text me on 0412 345 678',
  codes: ['contact'],
  strict: true,
  createdAt: new Date().toISOString(),
  starter: { id: 9, title: 'Leeds kefir' },
  sender: {
    id: 's1',
    username: 'leeds_sender',
    firstName: null,
    joinedAt: new Date().toISOString(),
    messagesSent: 0,
    heldBefore: 0,
    rejectedBefore: 0,
    sanctionsBefore: 0,
  },
  receiver: { id: 'o1', username: 'kefir_kim', firstName: null },
  context: [],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const NOTHING_WAITS: ModerationWaiting = {
  held: { count: 0, oldestAt: null },
  reports: { count: 0, oldestAt: null },
};

function serve(
  user: CurrentUser,
  stewards: StewardItem[] = [],
  { waiting = NOTHING_WAITS, held = [heldMessage] } = {},
) {
  const calls: Array<{ url: string; method: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/auth/user') return json(user);
      if (url.startsWith('/api/reports?status=pending')) return json([report]);
      if (url.startsWith('/api/reports?')) return json([]);
      if (url.startsWith('/api/places?')) return json({ places: [{ name: LEEDS }] });
      if (url === '/api/moderation/stewards' && method === 'POST') return json({ id: 7 }, 201);
      if (url === '/api/moderation/stewards') return json(stewards);
      if (url.startsWith('/api/moderation/stewards/')) return new Response(null, { status: 204 });
      if (url === '/api/moderation/waiting') return json(waiting);
      if (url === '/api/moderation/held-starters/21' && method === 'POST') {
        return json({ id: 21, status: 'released', undoUntil: new Date(Date.now() + 60_000) });
      }
      if (url === '/api/moderation/held-starters') return json([heldListing]);
      if (url === '/api/moderation/held') return json(held);
      if (url.startsWith('/api/moderation/')) return json([]);
      return json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

function renderPage(path = '/moderation') {
  renderWithProviders(
    <>
      <ModerationPage />
      <Toaster />
    </>,
    { path },
  );
}

describe('/moderation for stewards', () => {
  it('shows a steward the reports of their area alone, and lets them suspend for a week at most', async () => {
    const calls = serve(person('stew', { stewardOf: [{ id: 1, place: LEEDS, radiusKm: 25 }] }));
    renderPage('/moderation?tab=audit');
    expect(
      await screen.findByText(new RegExp(`You are a steward of ${LEEDS}`)),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Reports',
      'Held',
      'Appeals',
    ]);
    const card = (await screen.findByRole('heading', { name: 'Report #5' })).closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Suspend or Ban Owner' }));
    const d = within(await screen.findByRole('dialog'));
    expect(d.queryByRole('radio', { name: /Ban/ })).toBeNull();
    const days = d.getAllByRole('option').map((o) => Number((o as HTMLOptionElement).value));
    expect(Math.max(...days)).toBe(7);
    expect(calls.some((c) => c.url.startsWith('/api/moderation/audit'))).toBe(false);
  });

  it('counts what waits in a steward’s area on the Held tab, and says who decides when none does', async () => {
    const heldAt = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    serve(person('stew', { stewardOf: [{ id: 1, place: LEEDS, radiusKm: 25 }] }), [], {
      waiting: { ...NOTHING_WAITS, held: { count: 1, oldestAt: heldAt } },
      held: [],
    });
    renderPage('/moderation?tab=held');
    expect(await screen.findByRole('tab', { name: 'Held (1 waiting)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Reports' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Messages the screening rules hold back from members in your area wait here until you or a moderator decide.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/until a moderator decides/)).toBeNull();
  });

  it('shows a steward the held items of their area, releases through the same route, and suspends a week at most', async () => {
    const calls = serve(person('stew', { stewardOf: [{ id: 1, place: LEEDS, radiusKm: 25 }] }));
    renderPage('/moderation?tab=held');
    expect(await screen.findByText('Leeds kefir for sale')).toBeInTheDocument();
    expect(await screen.findByText('Text me on 0412 345 678')).toBeInTheDocument();
    const days = within(screen.getByLabelText('When rejecting'))
      .getAllByRole('option')
      .map((o) => Number((o as HTMLOptionElement).value));
    expect(Math.max(...days)).toBe(7);
    await userEvent.click(screen.getByRole('button', { name: 'Release Listing' }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'POST' && c.url === '/api/moderation/held-starters/21')
          ?.body,
      ).toEqual({ decision: 'release' }),
    );
  });

  it('denies a member who is neither moderator nor steward', async () => {
    serve(person('member'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('lets a moderator appoint a steward for a place from the gazetteer, and remove one', async () => {
    const calls = serve(person('mod', { isModerator: true }), [
      {
        id: 3,
        place: 'London, England, United Kingdom',
        radiusKm: 10,
        member: { id: 'u3', username: 'london_lee', firstName: null },
        createdAt: new Date().toISOString(),
      },
    ]);
    renderPage('/moderation?tab=stewards');
    expect(await screen.findByText('london_lee')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Member'), 'leeds_lou');
    await userEvent.type(screen.getByRole('combobox', { name: 'Place' }), 'Leeds');
    await userEvent.click(await screen.findByRole('option', { name: LEEDS }));
    await userEvent.selectOptions(screen.getByLabelText('Area'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Appoint steward' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        memberId: 'leeds_lou',
        place: LEEDS,
        radiusKm: 50,
      }),
    );
    expect(await screen.findByText('The steward was appointed.')).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', {
        name: 'Remove london_lee as steward of London, England, United Kingdom',
      }),
    );
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.url === '/api/moderation/stewards/3'),
      ).toBe(true),
    );
  });
});
