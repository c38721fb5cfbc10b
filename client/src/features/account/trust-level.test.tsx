import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyTrust } from '../../../../common/members/trust';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { TrustLevel } from './trust-level';

afterEach(() => vi.unstubAllGlobals());

function stubTrust(trust: MyTrust) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/users/me/trust' ? jsonResponse(trust) : jsonResponse({}, 404),
    ),
  );
}

describe('TrustLevel', () => {
  it('shows the level, what it allows and what would raise it', async () => {
    stubTrust({
      level: 'member',
      setByModerator: false,
      mayReview: false,
      allows: ['basics'],
      raise: [
        { code: 'accountDays', have: 12, need: 60 },
        { code: 'handoversGiven', have: 1, need: 2 },
      ],
    });
    renderWithProviders(<TrustLevel />);
    expect(await screen.findByText('You are a member.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Your trust level' })).toBeVisible();
    expect(screen.getByText(/^Sharing, asking, messaging and reporting/)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'What would raise it' })).toBeVisible();
    expect(screen.getByText('An account at least 60 days old (yours: 12 days).')).toBeVisible();
    expect(screen.getByText('2 confirmed hand-overs given by you (you have 1).')).toBeVisible();
  });

  it('says when a moderator set the level, and at the top that nothing is missing', async () => {
    stubTrust({
      level: 'trusted',
      setByModerator: true,
      mayReview: true,
      allows: ['basics', 'higherLimits', 'review'],
      raise: [],
    });
    renderWithProviders(<TrustLevel />);
    expect(await screen.findByText('You are a trusted member.')).toBeVisible();
    expect(screen.getByText('A moderator set this level.')).toBeVisible();
    expect(screen.getByText('Reviewing held and reported items near you.')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'What would raise it' })).toBeNull();
  });
});
