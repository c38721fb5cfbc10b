import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StarterCard } from '../features/starters/starter-card';
import { StarterDetailView } from '../features/starters/starter-detail-view';
import { aMember, aStarter, aSummary, jsonResponse } from '../test/fixtures';
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
    // The first test loads the dialogs' code, which on a busy machine takes a while.
  }, 30_000);

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

  it('a first contact opens in the message box, with no Block one Enter away', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/auth/user': () => aMember(),
      'GET /api/me/unreachable': () => ({ memberIds: [] }),
      'GET /api/users/owner-1/summary': () => aSummary({ given: 2, thumbsUp: 1 }),
    });
    renderWithProviders(
      <WithStarterDialogs>
        <StarterCard starter={starter} />
      </WithStarterDialogs>,
    );
    await user.click(await screen.findByRole('button', { name: /^Message Owner/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Starter Owner' });
    expect(await within(dialog).findByText('2 starters given · 0 received')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Block/ })).toBeNull();
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveFocus(),
    );
  });

  it('tells a member with an unconfirmed address before they type, and resends the link', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      'GET /api/auth/user': () => ({ ...aMember(), emailVerified: false }),
      'GET /api/me/unreachable': () => ({ memberIds: [] }),
      'POST /api/auth/confirm-email/resend': () => ({ message: 'We sent a new link.' }),
    });
    renderWithProviders(
      <WithStarterDialogs>
        <StarterCard starter={starter} />
      </WithStarterDialogs>,
    );
    await user.click(await screen.findByRole('button', { name: /^Message Owner/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Starter Owner' });
    expect(dialog).toHaveTextContent('Confirm your email to send messages — Resend the link');
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Resend the link' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(
        `POST /api/auth/confirm-email/resend?next=${encodeURIComponent(`/starter/${starter.id}?dialog=message`)}`,
      ),
    );
    expect(calls.some((c) => c.url === '/api/messages')).toBe(false);
  });

  it('signed out, the dialogs offer Create Account and Sign In that come back to the dialog', async () => {
    fakeServer({
      'GET /api/auth/user': () => jsonResponse({ message: 'Not signed in' }, 401),
      'GET /api/site': () => ({ externalSignIn: null }),
    });
    renderWithProviders(
      <WithStarterDialogs>
        <StarterCard starter={starter} />
      </WithStarterDialogs>,
    );
    const back = encodeURIComponent(`/starter/${starter.id}?dialog=message`);
    // The card's link leads back to the starter with its message dialog open, not to the list.
    expect(await screen.findByRole('link', { name: /^Sign In to Message/ })).toHaveAttribute(
      'href',
      `/login?next=${back}`,
    );
  });

  it('a starter page opened with ?dialog=message opens it; signed out it offers both ways in', async () => {
    fakeServer({
      'GET /api/auth/user': () => jsonResponse({ message: 'Not signed in' }, 401),
      [`GET /api/starters/${starter.id}`]: () => starter,
    });
    renderWithProviders(
      <WithStarterDialogs>
        <StarterDetailView rawId={String(starter.id)} />
      </WithStarterDialogs>,
      { path: `/starter/${starter.id}?dialog=message` },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sign In Required' });
    const back = encodeURIComponent(`/starter/${starter.id}?dialog=message`);
    expect(within(dialog).getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      `/join?next=${back}`,
    );
    expect(within(dialog).getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      `/login?next=${back}`,
    );
    // No detour through the external provider when none is set up.
    expect(dialog.querySelector('a[href^="/api/login"]')).toBeNull();
  });
});
