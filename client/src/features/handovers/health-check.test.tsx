import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StarterActivity } from '../../../../common/conversations/handovers';
import { renderWithProviders } from '../../test/render';
import { MyHandovers } from './my-handovers';
import { fakeServer } from '../../test/fake-server';
import { aHandover, asker, brief } from './test-fixtures';
import { ThreadHandoverPanel } from './thread-handover-panel';

afterEach(() => vi.unstubAllGlobals());

const activity: StarterActivity = {
  starterId: 5,
  status: 'available',
  portions: 2,
  portionsLeft: 2,
  portionsReserved: 0,
  portionsGiven: 0,
  availableUntil: new Date(Date.now() + 9 * 86_400_000).toISOString(),
  renewalsLeft: 5,
  askers: [{ user: asker, firstAskedAt: '', reservation: null, handover: null }],
  offSiteHandovers: 0,
};

const checked = { noMould: true, noPinkFilm: false, smellsRight: true };

describe("the giver's health check", () => {
  it('is ticked when marking a portion given and sent with it', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      'GET /api/me/starter-activity': () => [activity],
      'GET /api/me/handovers': () => ({ reservedForMe: [], received: [], given: [] }),
      'GET /api/me/blocks': () => [],
      'POST /api/starters/5/handovers': () => ({ id: 3 }),
    });
    renderWithProviders(
      <ThreadHandoverPanel meId="owner" starterId={5} otherId="asker" otherName="Arlo" />,
    );
    await user.click(await screen.findByRole('button', { name: 'Mark given' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByLabelText('No mold'));
    await user.click(within(dialog).getByLabelText('Smells right for its kind'));
    await user.click(within(dialog).getByRole('button', { name: 'Mark given' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      memberId: 'asker',
      healthCheck: { noMould: true, smellsRight: true },
    });
  });

  it('is left out when nothing is ticked', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      'GET /api/me/starter-activity': () => [activity],
      'GET /api/me/handovers': () => ({ reservedForMe: [], received: [], given: [] }),
      'GET /api/me/blocks': () => [],
      'POST /api/starters/5/handovers': () => ({ id: 3 }),
    });
    renderWithProviders(
      <ThreadHandoverPanel meId="owner" starterId={5} otherId="asker" otherName="Arlo" />,
    );
    await user.click(await screen.findByRole('button', { name: 'Mark given' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark given' }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ memberId: 'asker' });
  });

  it('is shown to the recipient in the conversation and in My Hand-overs', async () => {
    fakeServer({
      'GET /api/me/starter-activity': () => [],
      'GET /api/me/handovers': () => ({
        reservedForMe: [],
        received: [{ ...aHandover({ healthCheck: checked }), starter: brief }],
        given: [],
      }),
      'GET /api/me/blocks': () => [],
    });
    renderWithProviders(
      <>
        <ThreadHandoverPanel meId="asker" starterId={5} otherId="owner" otherName="Olive" />
        <MyHandovers />
      </>,
    );
    await waitFor(() =>
      expect(
        screen.getAllByText('Health check by the giver: no mold ✓ · smells right ✓'),
      ).toHaveLength(2),
    );
  });
});
