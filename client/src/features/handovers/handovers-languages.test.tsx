import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { fakeServer } from '../../test/fake-server';
import { aSummary } from '../../test/fixtures';
import { renderWithProviders, showIn } from '../../test/render';
import { ratingsText, ReliabilitySummary, summaryLines } from './reliability-summary';
import { listingStateText } from './listing-state';

afterEach(async () => {
  vi.unstubAllGlobals();
});

const summary = aSummary({
  given: 1,
  received: 2,
  thumbsUp: 4,
  replyRate: 0.9,
  typicalReplyMinutes: 100,
  replyHours: 2,
  noShows365d: 1,
  kitchensReached: 3,
});

describe('hand-overs in the page’s language', () => {
  it('counts with each language’s plurals and numbers', async () => {
    await showIn('fr');
    expect(summaryLines(summary)).toEqual([
      '1 culture donnée · 2 reçues',
      'Répond généralement en quelques heures (répond à 90 %)',
      'Cuisines atteintes : 3',
      'Cette dernière année : 1 absence, aucune annulation tardive',
    ]);

    expect(ratingsText(summary)).toBe('100 % positifs · 4 avis');

    await showIn('de');
    expect(summaryLines({ ...summary, given: 3 })[0]).toBe('3 Kulturen verschenkt · 2 erhalten');
    expect(ratingsText({ ...summary, thumbsUp: 1 })).toBe('Bisher eine Bewertung');

    await showIn('es');
    expect(ratingsText({ ...summary, thumbsUp: 1, thumbsDown: 1 })).toBe(
      'Dos valoraciones por ahora',
    );

    await i18n.changeLanguage('en');
    expect(summaryLines(summary)).toEqual([
      '1 starter given · 2 received',
      'Usually replies within a few hours (answers 90%)',
      'Kitchens reached: 3',
      'In the last year: 1 no-show, no late cancellations',
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
