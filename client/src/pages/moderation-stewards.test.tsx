import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../common/members/users';
import type { ReportItem } from '../../../common/moderation/reports';
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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(user: CurrentUser, stewards: StewardItem[] = []) {
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
      if (url === '/api/moderation/waiting') {
        return json({ held: { count: 0, oldestAt: null }, reports: { count: 0, oldestAt: null } });
      }
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
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Reports']);
    const card = (await screen.findByRole('heading', { name: 'Report #5' })).closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Suspend or Ban Owner' }));
    const d = within(await screen.findByRole('dialog'));
    expect(d.queryByRole('radio', { name: /Ban/ })).toBeNull();
    const days = d.getAllByRole('option').map((o) => Number((o as HTMLOptionElement).value));
    expect(Math.max(...days)).toBe(7);
    expect(calls.some((c) => c.url === '/api/moderation/waiting')).toBe(false);
    expect(calls.some((c) => c.url.startsWith('/api/moderation/audit'))).toBe(false);
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
