import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders, showIn } from '../../test/render';
import { ReliabilitySummary, summaryLines } from './reliability-summary';
import { listingStateText } from './listing-state';

afterEach(async () => {
  vi.unstubAllGlobals();
});

const summary = {
  given: 1,
  received: 2,
  thumbsUp: 4,
  thumbsDown: 0,
  replyRate: 0.9,
  typicalReplyMinutes: 100,
  replyHours: 2,
  backedOut90d: 1,
  kitchensReached: 3,
};

describe('hand-overs in the page’s language', () => {
  it('counts with each language’s plurals and numbers', async () => {
    await showIn('fr');
    expect(summaryLines(summary)).toEqual([
      '1 culture donnée · 2 reçues',
      'Répond généralement en quelques heures (répond à 90 %)',
      'Cuisines atteintes : 3',
      '1 désistement de réservation ces 90 derniers jours',
    ]);

    await showIn('de');
    expect(summaryLines({ ...summary, given: 3 })[0]).toBe('3 Kulturen verschenkt · 2 erhalten');

    await i18n.changeLanguage('en');
    expect(summaryLines(summary)).toEqual([
      '1 starter given · 2 received',
      'Usually replies within a few hours (answers 90%)',
      'Kitchens reached: 3',
      'Backed out of 1 reservation in the last 90 days',
    ]);
  });

  it('renders a member’s reliability in French', async () => {
    fakeServer({ 'GET /api/users/u-1/summary': () => summary });
    await showIn('fr');
    renderWithProviders(<ReliabilitySummary userId="u-1" />);
    expect(await screen.findByText('Cuisines atteintes : 3')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Fiabilité' })).toBeInTheDocument();
  });

  it('names a listing’s state in Spanish', async () => {
    await showIn('es');
    const starter = { isClaimed: false, status: 'available', portionsReserved: 2 } as Parameters<
      typeof listingStateText
    >[0];
    expect(listingStateText(starter)).toBe('2 porciones reservadas');
    await i18n.changeLanguage('en');
    expect(listingStateText(starter)).toBe('2 portions reserved');
  });
});
