import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import type { ThreadHandoverState } from './handover-types';
import { ThreadHandoverPanel } from './thread-handover-panel';
import { fakeServer } from './test-server';

afterEach(() => vi.unstubAllGlobals());

const base: ThreadHandoverState = {
  starterId: 5,
  ownerId: 'owner',
  memberId: 'asker',
  reservation: null,
  handover: null,
  blocked: false,
};

function serve(state: ThreadHandoverState, extra: Record<string, () => unknown> = {}) {
  return fakeServer({
    'GET /api/starters/5/handover-state': () => state,
    'GET /api/blocks': () => [],
    ...extra,
  });
}

describe('ThreadHandoverPanel, the owner', () => {
  it('reserves a portion with a day and time, and focus returns to the button', async () => {
    const user = userEvent.setup();
    const calls = serve(base, { 'POST /api/starters/5/reservations': () => ({ id: 9 }) });
    renderWithProviders(
      <ThreadHandoverPanel meId="owner" starterId={5} otherId="asker" otherName="Arlo" />,
    );
    const open = await screen.findByRole('button', { name: 'Reserve a portion' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Reserve a portion for Arlo' });
    await user.type(within(dialog).getByLabelText('Day (optional)'), '2030-06-01');
    await user.type(within(dialog).getByLabelText('Time (optional)'), '10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/starters/5/reservations');
    expect(post.body).toEqual({
      memberId: 'asker',
      at: new Date('2030-06-01T10:00').toISOString(),
    });
    expect(open).toHaveFocus();
  });

  it('reserves without a time, and refuses a time without a day', async () => {
    const user = userEvent.setup();
    const calls = serve(base, { 'POST /api/starters/5/reservations': () => ({ id: 9 }) });
    renderWithProviders(
      <ThreadHandoverPanel meId="owner" starterId={5} otherId="asker" otherName="Arlo" />,
    );
    await user.click(await screen.findByRole('button', { name: 'Reserve a portion' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Time (optional)'), '10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    expect(await within(dialog).findByText('Pick a day for that time')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(dialog).getByLabelText('Time (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ memberId: 'asker' });
  });

  it('releases a reservation with a reason', async () => {
    const user = userEvent.setup();
    const calls = serve(
      {
        ...base,
        reservation: { id: 9, starterId: 5, memberId: 'asker', at: null, createdAt: '' },
      },
      { 'DELETE /api/reservations/9': () => undefined },
    );
    renderWithProviders(
      <ThreadHandoverPanel meId="owner" starterId={5} otherId="asker" otherName="Arlo" />,
    );
    expect(await screen.findByText('Reserved for Arlo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Release' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await within(dialog).findByText('Please say briefly why')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'We could not find a time');
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe(
      '/api/reservations/9?reason=We%20could%20not%20find%20a%20time',
    );
  });

  it('marks a portion given to this member after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = serve(base, { 'POST /api/starters/5/handovers': () => ({ id: 3 }) });
    renderWithProviders(
      <ThreadHandoverPanel meId="owner" starterId={5} otherId="asker" otherName="Arlo" />,
    );
    await user.click(await screen.findByRole('button', { name: 'Mark given' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark given' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ memberId: 'asker' });
  });
});

describe('ThreadHandoverPanel, the member who asked', () => {
  it('sees the reservation with its time and can back out', async () => {
    const user = userEvent.setup();
    const at = new Date(Date.now() + 2 * 86_400_000);
    at.setHours(10, 0, 0, 0);
    const calls = serve(
      {
        ...base,
        reservation: {
          id: 9,
          starterId: 5,
          memberId: 'asker',
          at: at.toISOString(),
          createdAt: '',
        },
      },
      { 'DELETE /api/reservations/9': () => undefined },
    );
    renderWithProviders(
      <ThreadHandoverPanel meId="asker" starterId={5} otherId="owner" otherName="Olive" />,
    );
    const weekday = at.toLocaleDateString('en-GB', { weekday: 'long' });
    expect(await screen.findByText(`Reserved for you — ${weekday} 10:00`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reserve a portion' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back out' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Back out' }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/reservations/9');
  });

  it('confirms "Received" or says it didn’t happen', async () => {
    const user = userEvent.setup();
    const calls = serve(
      {
        ...base,
        handover: {
          id: 3,
          starterId: 5,
          memberId: 'asker',
          giverId: 'owner',
          confirmed: null,
          createdAt: '',
          myFeedback: null,
        },
      },
      { 'POST /api/handovers/3/confirm': () => undefined },
    );
    renderWithProviders(
      <ThreadHandoverPanel meId="asker" starterId={5} otherId="owner" otherName="Olive" />,
    );
    await user.click(await screen.findByRole('button', { name: 'Received' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ received: true });
    await user.click(screen.getByRole('button', { name: 'It didn’t happen' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({ received: false });
  });

  it('leaves 👎 only with a reason, then the dialog closes onto its button', async () => {
    const user = userEvent.setup();
    const calls = serve(
      {
        ...base,
        handover: {
          id: 3,
          starterId: 5,
          memberId: 'asker',
          giverId: 'owner',
          confirmed: true,
          createdAt: '',
          myFeedback: null,
        },
      },
      { 'POST /api/handovers/3/feedback': () => undefined },
    );
    renderWithProviders(
      <ThreadHandoverPanel meId="asker" starterId={5} otherId="owner" otherName="Olive" />,
    );
    expect(await screen.findByText('You received it')).toBeInTheDocument();
    const trigger = screen.getByRole('button', { name: 'How did it go?' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'How did it go?' });
    await user.click(within(dialog).getByRole('radio', { name: '👎 It did not go well' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await within(dialog).findByText('Please choose what went wrong')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('radio', { name: 'Late' }));
    await user.type(within(dialog).getByLabelText('A short note (optional)'), 'An hour late');
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      rating: 'down',
      reason: 'late',
      note: 'An hour late',
    });
    expect(trigger).toHaveFocus();
  });
});

describe('BlockMemberButton in the thread', () => {
  it('blocks after a confirmation, and offers unblock once blocked', async () => {
    const user = userEvent.setup();
    let blocked = false;
    const calls = fakeServer({
      'GET /api/starters/5/handover-state': () => base,
      'GET /api/blocks': () => (blocked ? [{ memberId: 'asker', name: 'Arlo' }] : []),
      'POST /api/users/asker/block': () => {
        blocked = true;
        return undefined;
      },
    });
    renderWithProviders(
      <ThreadHandoverPanel meId="owner" starterId={5} otherId="asker" otherName="Arlo" />,
    );
    await user.click(await screen.findByRole('button', { name: 'Block Arlo' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block Arlo?' });
    expect(dialog).toHaveTextContent('Blocking is private');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock Arlo' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/users/asker/block')).toBe(true);
  });
});
