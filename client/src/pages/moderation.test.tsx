import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportItem, ReportStats } from '../../../common/moderation/reports';
import type { CurrentUser } from '../../../common/members/users';
import type { HeldMessage, ModerationWaiting } from '../../../common/moderation/screening';
import { Toaster } from '../components/ui/toast';
import { renderWithProviders } from '../test/render';
import { currentUserQueryKey, moderationKeys } from '../lib/query-keys';
import ModerationPage from './moderation';

const person = (id: string, isModerator = false): CurrentUser => ({
  id,
  username: id,
  firstName: null,
  lastName: null,
  email: `${id}@example.test`,
  location: null,
  contactInfo: null,
  profileImageUrl: null,
  isModerator,
  emailVerified: true,
  createdAt: new Date().toISOString(),
});

const report = (id: number, status: ReportItem['status']): ReportItem => ({
  id,
  reason: 'safety',
  description: 'Mould in the jar',
  status,
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  reviewedAt: null,
  reviewer: null,
  reporter: { id: 'r1', username: 'worried_neighbour', firstName: 'Wren' },
  starter: {
    id: 9,
    title: 'Old kombucha SCOBY',
    category: 'beverage',
    description: 'Has been in the fridge for a while.',
    imagePath: '/api/photos/9/full.webp',
    thumbnailPath: '/api/photos/9/thumb.webp',
    removedAt: null,
    user: {
      id: 'o1',
      username: 'scoby_sam',
      firstName: null,
      lastName: null,
      isModerator: false,
      bannedAt: null,
      suspendedUntil: null,
    },
  },
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface FakeServer {
  user: CurrentUser | null;
  reports?: Partial<Record<ReportItem['status'], ReportItem[]>>;
  stats?: ReportStats;
  waiting?: ModerationWaiting;
  held?: HeldMessage[];
  /** What undoing a decision answers (the server refuses after its minute). */
  undo?: { status: number; body: unknown };
}

const NOTHING_WAITS: ModerationWaiting = {
  held: { count: 0, oldestAt: null },
  reports: { count: 0, oldestAt: null },
};

function serve(server: FakeServer) {
  const calls: Array<{ url: string; method: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/auth/user') return server.user ? json(server.user) : json({}, 401);
      const list = /^\/api\/reports\?status=(\w+)&limit=(\d+)&offset=(\d+)$/.exec(url);
      if (list) {
        const [, status, limit, offset] = list;
        const all = server.reports?.[status as ReportItem['status']] ?? [];
        return json(all.slice(Number(offset), Number(offset) + Number(limit)));
      }
      if (url === '/api/reports/stats') return json(server.stats);
      const patch = /^\/api\/reports\/(\d+)$/.exec(url);
      if (patch && method === 'PATCH') {
        const id = Number(patch[1]);
        const moved = server.reports!.pending!.find((r) => r.id === id)!;
        server.reports!.pending = server.reports!.pending!.filter((r) => r.id !== id);
        const next = (JSON.parse(String(init!.body)) as { status: 'reviewed' }).status;
        server.reports![next] = [{ ...moved, status: next }];
        return json({ ...moved, status: next });
      }
      if (url === '/api/moderation/sanctions' && method === 'POST') {
        const body = JSON.parse(String(init!.body)) as { kind: 'suspension'; reason: string };
        return json(
          {
            id: 1,
            kind: body.kind,
            reason: body.reason,
            endsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
            createdAt: new Date().toISOString(),
            liftedAt: null,
            active: true,
            user: { id: 'o1', username: 'scoby_sam', firstName: null, lastName: null },
            createdBy: { id: 'mod', username: 'mod', firstName: null },
            liftedBy: null,
          },
          201,
        );
      }
      if (url === '/api/moderation/waiting') return json(server.waiting ?? NOTHING_WAITS);
      if (url === '/api/moderation/held') return json(server.held ?? []);
      const decided = /^\/api\/moderation\/held\/(\d+)$/.exec(url);
      if (decided && method === 'POST') {
        const id = Number(decided[1]);
        const { decision } = JSON.parse(String(init!.body)) as { decision: string };
        server.held = (server.held ?? []).filter((h) => h.id !== id);
        return json({
          id,
          status: decision === 'release' ? 'released' : 'rejected',
          undoUntil: new Date(Date.now() + 60_000).toISOString(),
        });
      }
      if (/^\/api\/moderation\/held\/\d+\/undo$/.test(url) && method === 'POST') {
        const answer = server.undo ?? { status: 200, body: {} };
        return json(answer.body, answer.status);
      }
      if (url.startsWith('/api/moderation/')) return json([]);
      return json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  renderWithProviders(
    <>
      <ModerationPage />
      <Toaster />
    </>,
  );
}

/** A moderator on the dashboard with report #5 pending, its owner's sanction dialog open. */
async function openSanctionDialog() {
  const calls = serve({ user: person('mod', true), reports: { pending: [report(5, 'pending')] } });
  renderPage();
  const card = (await screen.findByRole('heading', { name: 'Report #5' })).closest('li')!;
  await userEvent.click(within(card).getByRole('button', { name: 'Suspend or Ban Owner' }));
  const d = within(await screen.findByRole('dialog', { name: 'Sanction scoby_sam' }));
  return { calls, d };
}

describe('/moderation', () => {
  it('asks visitors to sign in', async () => {
    serve({ user: null });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Sign In Required' })).toBeInTheDocument();
    expect(screen.getByText('You need to sign in to access moderation tools.')).toBeInTheDocument();
  });

  it('denies members who are not moderators', async () => {
    const calls = serve({ user: person('member') });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText("You don't have moderator permissions to access this page."),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/reports'))).toBe(false);
  });

  it('shows pending reports with their starter and actions, and moves one to reviewed', async () => {
    const calls = serve({
      user: person('mod', true),
      reports: { pending: [report(3, 'pending')] },
    });
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Report #3' })).closest('li')!;
    const c = within(card);
    expect(c.getByText('Pending')).toBeInTheDocument();
    expect(c.getByText('about 3 hours ago')).toBeInTheDocument();
    expect(c.getByText('Safety Concerns')).toBeInTheDocument();
    expect(c.getByText('worried_neighbour')).toBeInTheDocument();
    expect(c.getByText('Mould in the jar')).toBeInTheDocument();
    expect(c.getByText('Old kombucha SCOBY')).toBeInTheDocument();
    expect(c.getByText(/scoby_sam/)).toBeInTheDocument();
    expect(c.getByText('Tea & Beverages')).toBeInTheDocument();
    expect(c.getByText('Has been in the fridge for a while.')).toBeInTheDocument();
    for (const name of ['Mark as Reviewed', 'Resolve', 'Remove Starter']) {
      expect(c.getByRole('button', { name })).toBeInTheDocument();
    }

    await userEvent.click(c.getByRole('button', { name: 'Mark as Reviewed' }));
    expect(await screen.findByText('Report has been updated.')).toBeInTheDocument();
    expect(calls).toContainEqual({
      url: '/api/reports/3',
      method: 'PATCH',
      body: { status: 'reviewed' },
    });
    expect(await screen.findByText('No pending reports')).toBeInTheDocument();
    expect(screen.getByText('All caught up! No pending reports to review.')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Reviewed Reports');
    const reviewed = (await screen.findByRole('heading', { name: 'Report #3' })).closest('li')!;
    expect(within(reviewed).getByText('Reviewed')).toBeInTheDocument();
    expect(within(reviewed).queryByRole('button', { name: 'Mark as Reviewed' })).toBeNull();
    expect(within(reviewed).queryByRole('button', { name: 'Remove Starter' })).toBeNull();
  });

  it('names the empty state after the chosen status', async () => {
    serve({ user: person('mod', true), reports: {} });
    renderPage();
    expect(await screen.findByText('No pending reports')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Resolved Reports');
    expect(await screen.findByText('No resolved reports')).toBeInTheDocument();
    expect(screen.queryByText(/All caught up/)).toBeNull();
  });

  it('counts reports on the Statistics tab from the server, not the loaded list', async () => {
    serve({
      user: person('mod', true),
      reports: { pending: [report(1, 'pending')] },
      stats: { pending: 4, reviewed: 2, resolved: 7, total: 13 },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Statistics' }));
    await waitFor(() => expect(screen.getByText('Total')).toBeInTheDocument());
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(value('Pending')).toBe('4');
    expect(value('Resolved')).toBe('7');
    expect(value('Total')).toBe('13');
  });

  it('suspends a reported starter’s owner for a chosen period, with a reason', async () => {
    const { calls, d } = await openSanctionDialog();
    await userEvent.click(d.getByRole('button', { name: 'Suspend Member' }));
    expect(d.getByRole('alert')).toHaveTextContent('Please give a reason');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.selectOptions(d.getByLabelText('Suspend for'), '3 days');
    await userEvent.type(d.getByLabelText('Reason'), 'Selling starters');
    await userEvent.click(d.getByRole('button', { name: 'Suspend Member' }));
    expect(await screen.findByText(/scoby_sam is suspended until/)).toBeInTheDocument();
    expect(calls).toContainEqual({
      url: '/api/moderation/sanctions',
      method: 'POST',
      body: { userId: 'o1', kind: 'suspension', reason: 'Selling starters', days: 3, reportId: 5 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('loads older reports 50 at a time', async () => {
    const many = Array.from({ length: 51 }, (_, i) => report(100 - i, 'pending'));
    serve({ user: person('mod', true), reports: { pending: many } });
    renderPage();
    expect(await screen.findByText('Report #100')).toBeInTheDocument();
    expect(screen.getAllByText(/^Report #/)).toHaveLength(50);
    expect(screen.queryByText('Report #50')).toBeNull();
    await userEvent.click(screen.getByText('Load more'));
    expect(await screen.findByText('Report #50')).toBeInTheDocument();
    expect(screen.queryByText('Load more')).toBeNull();
    // Fifty cards take a while to render in jsdom.
  }, 30_000);

  it('keeps every dashboard query under the moderation keys, so one invalidation reaches all', async () => {
    serve({ user: person('mod', true), reports: { pending: [report(5, 'pending')] } });
    const { queryClient } = renderWithProviders(
      <>
        <ModerationPage />
        <Toaster />
      </>,
    );
    await screen.findByRole('heading', { name: 'Report #5' });
    await userEvent.click(screen.getByRole('tab', { name: /Sanctions/ }));
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ queryKey: moderationKeys.all }).length).toBe(
        queryClient.getQueryCache().findAll().length - 1,
      ),
    );
    expect(queryClient.getQueryState(currentUserQueryKey)?.status).toBe('success');
  });

  it('chooses the sanction from a radio group, Ban sending no length', async () => {
    const { calls, d } = await openSanctionDialog();
    const group = d.getByRole('radiogroup', { name: 'Sanction' });
    expect(within(group).getByRole('radio', { name: 'Suspend' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: 'Ban' }));
    expect(d.queryByLabelText('Suspend for')).toBeNull();
    await userEvent.type(d.getByLabelText('Reason'), 'Repeated selling');
    await userEvent.click(d.getByRole('button', { name: 'Ban Member' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: '/api/moderation/sanctions',
        method: 'POST',
        body: { userId: 'o1', kind: 'ban', reason: 'Repeated selling', reportId: 5 },
      }),
    );
  });
});

const heldMessage: HeldMessage = {
  id: 31,
  kind: 'message',
  content: 'Hi! Could you text me on 0412 345 678 when it is ready?',
  codes: ['contact'],
  strict: true,
  createdAt: new Date(Date.now() - 5 * 3600_000).toISOString(),
  starter: { id: 9, title: 'Milk kefir grains' },
  sender: {
    id: 's1',
    username: 'new_neighbour',
    firstName: null,
    joinedAt: new Date(Date.now() - 6 * 3600_000).toISOString(),
    messagesSent: 0,
    heldBefore: 0,
    rejectedBefore: 0,
    sanctionsBefore: 0,
  },
  receiver: { id: 'o1', username: 'kefir_kim', firstName: null },
  context: [],
};

describe('/moderation: nothing waits in silence', () => {
  it('counts what waits beside the Held and Reports tabs and says how long the oldest has waited', async () => {
    serve({
      user: person('mod', true),
      reports: { pending: [report(5, 'pending')] },
      waiting: {
        held: { count: 3, oldestAt: new Date(Date.now() - 5 * 3600_000).toISOString() },
        reports: { count: 1, oldestAt: new Date(Date.now() - 3 * 3600_000).toISOString() },
      },
      held: [heldMessage],
    });
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Held (3 waiting)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Reports (1 waiting)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Appeals' })).toBeInTheDocument();
    expect(
      screen.getByText('1 waits for a decision. The oldest came in about 3 hours ago.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Held (3 waiting)' }));
    expect(
      await screen.findByText('3 wait for a decision. The oldest came in about 5 hours ago.'),
    ).toBeInTheDocument();
  });

  it('shows no count on a tab with nothing waiting', async () => {
    serve({ user: person('mod', true), reports: { pending: [] } });
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Held' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByText(/wait for a decision/)).not.toBeInTheDocument();
  });

  it('confirms a release with a toast whose Undo takes it back on the server', async () => {
    const calls = serve({
      user: person('mod', true),
      waiting: { ...NOTHING_WAITS, held: { count: 1, oldestAt: heldMessage.createdAt } },
      held: [heldMessage],
    });
    renderWithProviders(
      <>
        <ModerationPage />
        <Toaster />
      </>,
      { path: '/moderation?tab=held' },
    );
    const card = (await screen.findByText(heldMessage.content)).closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Release' }));
    expect(
      await screen.findByText('Released: it reaches kefir_kim in a minute.'),
    ).toBeInTheDocument();
    // (Radix's toast reads pointer capture, which the test page lacks: a plain click.)
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ url: '/api/moderation/held/31/undo', method: 'POST' }),
      ),
    );
    expect(
      await screen.findByText('Undone: the message waits for a decision again.'),
    ).toBeInTheDocument();
  });

  it('says so when the minute to undo a rejection has passed', async () => {
    serve({
      user: person('mod', true),
      held: [heldMessage],
      undo: {
        status: 409,
        body: {
          message: 'The minute to undo this decision has passed: it stands.',
          code: 'conflict',
        },
      },
    });
    renderWithProviders(
      <>
        <ModerationPage />
        <Toaster />
      </>,
      { path: '/moderation?tab=held' },
    );
    const card = (await screen.findByText(heldMessage.content)).closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText('Rejected: in a minute new_neighbour is told which rule it breaks.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('The minute to undo this decision has passed: it stands.'),
    ).toBeInTheDocument();
  });
});
