import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { BlockMemberButton } from './block-member-button';

afterEach(() => vi.unstubAllGlobals());

const arlo = {
  id: 'asker',
  username: null,
  firstName: 'Arlo',
  lastName: null,
  profileImageUrl: null,
};

describe('BlockMemberButton', () => {
  it('blocks after a confirmation, and offers unblock once blocked', async () => {
    const user = userEvent.setup();
    let blocked = false;
    const calls = fakeServer({
      'GET /api/me/blocks': () => (blocked ? [{ user: arlo, blockedAt: '' }] : []),
      'GET /api/me/unreachable': () => ({ memberIds: blocked ? ['asker'] : [] }),
      'PUT /api/blocks/asker': () => {
        blocked = true;
        return undefined;
      },
    });
    renderWithProviders(<BlockMemberButton memberId="asker" name="Arlo" />);
    await user.click(await screen.findByRole('button', { name: 'Block Arlo' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block Arlo?' });
    expect(dialog).toHaveTextContent('Blocking is private');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock Arlo' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/blocks/asker')).toBe(true);
  });
});
