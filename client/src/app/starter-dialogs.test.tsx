import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StarterCard } from '../features/starters/starter-card';
import { aMember, aStarter, jsonResponse } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
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
    await userEvent.click(await screen.findByRole('button', { name: /^Message Owner/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Starter Owner' });
    expect(dialog).toHaveTextContent('Tea & Beverages');
    expect(dialog).toHaveTextContent('Bubbly water kefir grains');
    expect(dialog).toHaveTextContent('Olive');
    expect(dialog).toHaveTextContent('OO');
    await userEvent.keyboard('{Escape}');

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
});
