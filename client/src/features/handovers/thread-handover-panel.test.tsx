import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toast';
import { renderWithProviders, showIn } from '../../test/render';
import type {
  Handover,
  Reservation,
  StarterActivity,
} from '../../../../common/conversations/handovers';
import { ThreadHandoverPanel } from './thread-handover-panel';
import { fakeServer } from '../../test/fake-server';
import { aHandover, asker, brief } from './test-fixtures';
import { HOUR_MS } from '../../../../common/site/time';

afterEach(() => vi.unstubAllGlobals());

const reservation = (at: string | null = null): Reservation => ({
  id: 9,
  starterId: 5,
  member: asker,
  at,
  status: 'active',
  createdAt: '',
});

function activity(over: Partial<StarterActivity['askers'][number]> = {}): StarterActivity {
  return {
    starterId: 5,
    status: 'available',
    portions: 2,
    portionsLeft: 2,
    portionsReserved: 0,
    portionsGiven: 0,
    availableUntil: new Date(Date.now() + 9 * 86_400_000).toISOString(),
    renewalsLeft: 5,
    askers: [{ user: asker, firstAskedAt: '', reservation: null, handover: null, ...over }],
    offSiteHandovers: 0,
  };
}

/** The owner's view: the starter is in their activity. */
function serveOwner(
  over: Partial<StarterActivity['askers'][number]> = {},
  extra: Record<string, () => unknown> = {},
) {
  return fakeServer({
    'GET /api/me/starter-activity': () => [activity(over)],
    'GET /api/me/handovers': () => ({ reservedForMe: [], received: [], given: [] }),
    'GET /api/me/blocks': () => [],
    ...extra,
  });
}

/** The asker's view: what is reserved for them and what they received. */
function serveMember(
  mine: { reservedForMe?: Reservation[]; received?: Handover[] },
  extra: Record<string, () => unknown> = {},
) {
  return fakeServer({
    'GET /api/me/starter-activity': () => [],
    'GET /api/me/handovers': () => ({
      reservedForMe: (mine.reservedForMe ?? []).map((r) => ({ ...r, starter: brief })),
      received: (mine.received ?? []).map((h) => ({ ...h, starter: brief })),
      given: [],
    }),
    'GET /api/me/blocks': () => [],
    ...extra,
  });
}

describe('ThreadHandoverPanel, the owner', () => {
  it('reserves a portion with a day and time, and focus returns to the button', async () => {
    const user = userEvent.setup();
    const calls = serveOwner({}, { 'POST /api/starters/5/reservations': () => ({ id: 9 }) });
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
    expect(post.body).toEqual({ memberId: 'asker', at: '2030-06-01T10:00' });
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('reserves without a time, and refuses a time without a day', async () => {
    const user = userEvent.setup();
    const calls = serveOwner({}, { 'POST /api/starters/5/reservations': () => ({ id: 9 }) });
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
    const calls = serveOwner(
      { reservation: reservation() },
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
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url).toBe('/api/reservations/9');
    expect(del.body).toEqual({ reason: 'We could not find a time' });
  });

  it('offers the page’s "print jar labels" beside a reservation, and not before one', async () => {
    const printLabels = (starterId: number) => <button type="button">Print for {starterId}</button>;
    serveOwner({ reservation: reservation() });
    const { unmount } = renderWithProviders(
      <ThreadHandoverPanel
        meId="owner"
        starterId={5}
        otherId="asker"
        otherName="Arlo"
        printLabels={printLabels}
      />,
    );
    expect(await screen.findByText('Reserved for Arlo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print for 5' })).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    serveOwner();
    renderWithProviders(
      <ThreadHandoverPanel
        meId="owner"
        starterId={5}
        otherId="asker"
        otherName="Arlo"
        printLabels={printLabels}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Reserve a portion' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print for 5' })).toBeNull();
  });

  it('marks a portion given to this member after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = serveOwner({}, { 'POST /api/starters/5/handovers': () => ({ id: 3 }) });
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
    const wallClock = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}T10:00`;
    const calls = serveMember(
      { reservedForMe: [reservation(wallClock)] },
      { 'DELETE /api/reservations/9': () => undefined },
    );
    renderWithProviders(
      <ThreadHandoverPanel meId="asker" starterId={5} otherId="owner" otherName="Olive" />,
    );
    const weekday = at.toLocaleDateString('en-US', { weekday: 'long' });
    // In the American browser's clock, as the thread's lines and mail say it too.
    expect(await screen.findByText(`Reserved for you — ${weekday} 10:00 AM`)).toBeInTheDocument();
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
    const calls = serveMember(
      { received: [aHandover()] },
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

  it('leaves 👎 only with a reason; once delivered the toast says so, though its button goes', async () => {
    const user = userEvent.setup();
    // As the server does: once left, feedback is no longer offered (the dialog's button goes).
    let left = false;
    const calls = serveMember(
      { received: [aHandover({ status: 'received', canLeaveFeedback: true })] },
      {
        'GET /api/me/handovers': () => ({
          reservedForMe: [],
          received: [
            {
              ...aHandover({ status: 'received', canLeaveFeedback: !left }),
              myFeedback: left ? 'down' : null,
              starter: brief,
            },
          ],
          given: [],
        }),
        'POST /api/handovers/3/feedback': () => {
          left = true;
          return { id: 1 };
        },
      },
    );
    renderWithProviders(
      <>
        <ThreadHandoverPanel meId="asker" starterId={5} otherId="owner" otherName="Olive" />
        <Toaster />
      </>,
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
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'How did it go?' })).toBeNull(),
    );
    // It reached Olive: the toast says where she reads it, though the dialog's button is gone.
    expect(
      await screen.findByText('Thank you! Olive can read your feedback in your conversation.'),
    ).toBeInTheDocument();
  });

  it('offers to withdraw a 👎 while it waits to count; withdrawn, it asks again', async () => {
    const user = userEvent.setup();
    let withdrawn = false;
    const until = new Date(Date.now() + 40 * HOUR_MS).toISOString();
    const calls = serveMember(
      {},
      {
        'GET /api/me/handovers': () => ({
          reservedForMe: [],
          received: [
            {
              ...aHandover({
                status: 'received',
                canLeaveFeedback: withdrawn,
                myFeedback: withdrawn ? null : 'down',
                myFeedbackWithdrawableUntil: withdrawn ? null : until,
              }),
              starter: brief,
            },
          ],
          given: [],
        }),
        'DELETE /api/handovers/3/feedback': () => {
          withdrawn = true;
          return undefined;
        },
      },
    );
    renderWithProviders(
      <>
        <ThreadHandoverPanel meId="asker" starterId={5} otherId="owner" otherName="Olive" />
        <Toaster />
      </>,
    );
    const bar = await screen.findByRole('region', { name: 'Hand-over' });
    expect(
      await within(bar).findByText(/^Your 👎 counts from .+\. Until then you can withdraw it\.$/),
    ).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'How did it go?' })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Feedback withdrawn')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/handovers/3/feedback',
    ]);
    expect(await within(bar).findByRole('button', { name: 'How did it go?' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('offers nothing to withdraw for a 👍 or a 👎 that already counts', async () => {
    serveMember({
      received: [aHandover({ status: 'received', myFeedback: 'down' })],
    });
    renderWithProviders(
      <ThreadHandoverPanel meId="asker" starterId={5} otherId="owner" otherName="Olive" />,
    );
    expect(await screen.findByText('You received it')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('says feedback opens once both have written, where the giver never wrote, in four languages', async () => {
    serveMember({ received: [aHandover({ status: 'received', canLeaveFeedback: false })] });
    renderWithProviders(
      <ThreadHandoverPanel meId="asker" starterId={5} otherId="owner" otherName="Olive" />,
    );
    const bar = await screen.findByRole('region', { name: 'Hand-over' });
    expect(
      await within(bar).findByText(
        'Feedback opens once you have both written in this conversation.',
      ),
    ).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'How did it go?' })).toBeNull();
    for (const [language, text] of [
      ['es', 'Podréis valoraros cuando los dos hayáis escrito en esta conversación.'],
      ['de', 'Rückmeldung ist möglich, sobald ihr beide in diesem Gespräch geschrieben habt.'],
      [
        'fr',
        'Vous pourrez laisser un avis une fois que vous vous serez écrit tous les deux dans cette conversation.',
      ],
    ] as const) {
      await showIn(language);
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
  });

  it('says nothing of writing once feedback is offered or left', async () => {
    serveMember({
      received: [aHandover({ status: 'received', canLeaveFeedback: true })],
    });
    renderWithProviders(
      <ThreadHandoverPanel meId="asker" starterId={5} otherId="owner" otherName="Olive" />,
    );
    expect(await screen.findByRole('button', { name: 'How did it go?' })).toBeInTheDocument();
    expect(screen.queryByText(/once you have both written/)).toBeNull();
  });
});
