import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FamilyKeepers as Keepers } from '../../../../common/cultures/culture-backups';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { FamilyKeepers } from './family-keepers';

afterEach(() => vi.unstubAllGlobals());

describe('an ask for a keeper’s backup', () => {
  it('is declined with one tap, no reason asked, and says the asker was told', async () => {
    const user = userEvent.setup();
    let asks: Keepers['asksToMe'] = [{ id: 7, askerName: 'Mia' }];
    const calls = fakeServer({
      'GET /api/starters/5/keepers': () => ({
        keepers: [{ memberName: 'Kim', place: 'Reading' }],
        mayKeep: true,
        keeping: true,
        asksToMe: asks,
      }),
      'POST /api/keeper-asks/7/decline': () => {
        asks = [];
        return undefined;
      },
    });
    renderWithProviders(<FamilyKeepers starterId={5} />);
    expect(await screen.findByText('Mia asked you for a portion of your backup.')).toBeVisible();
    const no = screen.getByRole('button', { name: 'Say no to Mia' });
    no.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You said no; Mia has been told kindly.',
    );
    await waitFor(() =>
      expect(screen.queryByText('Mia asked you for a portion of your backup.')).toBeNull(),
    );
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted).toEqual([
      { method: 'POST', url: '/api/keeper-asks/7/decline', body: undefined },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows nothing of asks when there are none', async () => {
    fakeServer({
      'GET /api/starters/5/keepers': () => ({
        keepers: [{ memberName: 'Kim', place: null }],
        mayKeep: false,
        keeping: false,
        asksToMe: [],
      }),
    });
    renderWithProviders(<FamilyKeepers starterId={5} />);
    expect(await screen.findByText('Kim')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Say no/ })).toBeNull();
  });
});
