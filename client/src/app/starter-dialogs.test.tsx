import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StarterCard } from '../features/starters/starter-card';
import { aMember, aStarter, jsonResponse } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { fakeServer } from '../test/fake-server';
import { WithStarterDialogs } from './starter-dialogs';

const starter = aStarter({
  title: 'Bubbly water kefir grains',
  category: 'beverage',
  subcategory: 'waterKefir',
  user: {
    id: 'owner-1',
    username: null,
    firstName: 'Olive',
    lastName: 'Oak',
    profileImageUrl: null,
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('starter dialogs composed for the starters feature', () => {
  it("open from a starter's buttons with the starter summarised at the top", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/user' ? jsonResponse(aMember()) : jsonResponse({}, 404),
      ),
    );
    renderWithProviders(
      <WithStarterDialogs>
        <StarterCard starter={starter} />
      </WithStarterDialogs>,
    );
    const messageOwner = await screen.findByRole('button', { name: /^Message Owner/ });
    await userEvent.click(messageOwner);
    const dialog = await screen.findByRole('dialog', { name: 'Message Starter Owner' });
    expect(dialog).toHaveTextContent('Tea & Beverages');
    expect(dialog).toHaveTextContent('Bubbly water kefir grains');
    expect(dialog).toHaveTextContent('Olive');
    expect(dialog).toHaveTextContent('OO');
    await userEvent.keyboard('{Escape}');
    // Closing hands focus back to the button that opened the dialog. The menu is opened only
    // after that: the focus arriving later would count as a click outside the open menu.
    await waitFor(() => expect(messageOwner).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(
      screen.getByRole('button', { name: 'Actions for Bubbly water kefir grains' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Report Post' }));
    const report = await screen.findByRole('dialog', { name: 'Report Post' });
    expect(report).toHaveTextContent('Bubbly water kefir grains');
    expect(report).toHaveTextContent('Olive');
  });

  it('hides Message Owner on the cards of a member a block stands between', async () => {
    let unreachable: string[] = ['owner-1'];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/user'
          ? jsonResponse(aMember())
          : url === '/api/me/unreachable'
            ? jsonResponse({ memberIds: unreachable })
            : jsonResponse({}, 404),
      ),
    );
    const other = aStarter({
      id: starter.id + 1,
      title: 'Rye sourdough starter',
      user: { ...starter.user, id: 'owner-2' },
    });
    const { queryClient } = renderWithProviders(
      <WithStarterDialogs>
        <StarterCard starter={starter} />
        <StarterCard starter={other} />
      </WithStarterDialogs>,
    );
    expect(
      await screen.findByRole('button', { name: 'Message Owner: Rye sourdough starter' }),
    ).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Message Owner: Bubbly water kefir grains' }),
      ).toBeNull(),
    );
    // Unblocked: the button comes back.
    unreachable = [];
    await queryClient.invalidateQueries();
    expect(
      await screen.findByRole('button', { name: 'Message Owner: Bubbly water kefir grains' }),
    ).toBeInTheDocument();
  });

  it('blocks the owner from the reliability summary in the message dialog, then offers unblock', async () => {
    const user = userEvent.setup();
    let blocked = false;
    const calls = fakeServer({
      'GET /api/auth/user': () => aMember(),
      'GET /api/me/unreachable': () => ({ memberIds: blocked ? ['owner-1'] : [] }),
      'GET /api/me/blocks': () => (blocked ? [{ user: starter.user, blockedAt: '' }] : []),
      'GET /api/users/owner-1/summary': () => ({
        given: 2,
        received: 0,
        thumbsUp: 1,
        thumbsDown: 0,
        replyRate: null,
        typicalReplyMinutes: null,
        backedOut90d: 0,
        kitchensReached: 0,
      }),
      'PUT /api/blocks/owner-1': () => {
        blocked = true;
        return undefined;
      },
      'DELETE /api/blocks/owner-1': () => {
        blocked = false;
        return undefined;
      },
    });
    renderWithProviders(
      <WithStarterDialogs>
        <StarterCard starter={starter} />
      </WithStarterDialogs>,
    );
    await user.click(await screen.findByRole('button', { name: /^Message Owner/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Starter Owner' });
    expect(await within(dialog).findByText('2 starters given · 0 received')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Block Olive' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Block Olive?' });
    expect(confirm).toHaveTextContent('Blocking is private');
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(
      await within(dialog).findByRole('button', { name: 'Unblock Olive' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/blocks/owner-1')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Unblock Olive' }));
    const undo = screen.getByRole('alertdialog', { name: 'Unblock Olive?' });
    await user.click(within(undo).getByRole('button', { name: 'Unblock' }));
    expect(await within(dialog).findByRole('button', { name: 'Block Olive' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/blocks/owner-1')).toBe(true);
  });
});
