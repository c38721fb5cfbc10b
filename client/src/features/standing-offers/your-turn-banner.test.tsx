import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLanguage } from '../../lib/i18n';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { whenLocal } from './offer-text';
import { YourTurnBanner } from './your-turn-banner';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

// A member's own title, with what would look like markup in a message: shown as typed.
const title = 'Bread & <3 <b>rye</b>';
const answerBy = '2030-01-03T10:00:00.000Z';

function stubTurns() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse([{ offerId: 11, starterId: 7, title, answerBy }])),
  );
}

describe('YourTurnBanner', () => {
  it('says whose turn it is in English as before, the title as typed', async () => {
    stubTurns();
    renderWithProviders(<YourTurnBanner signedIn />);
    const banner = await screen.findByRole('complementary', { name: "It's your turn" });
    expect(banner.querySelector('p')).toHaveTextContent(
      `It's your turn: a portion of “${title}” is yours if you accept by ${whenLocal(answerBy)}.`,
      { normalizeWhitespace: false },
    );
    expect(banner.querySelector('b')).toBeNull();
    expect(within(banner).getByText("It's your turn:")).toHaveClass('font-semibold');
    expect(within(banner).getByRole('link', { name: 'Answer the Offer' })).toHaveAttribute(
      'href',
      '/starter/7',
    );
  });

  it('says it in German, with the date in German', async () => {
    await loadLanguage('de');
    await i18n.changeLanguage('de');
    stubTurns();
    renderWithProviders(<YourTurnBanner signedIn />);
    const banner = await screen.findByRole('complementary', { name: 'Du bist dran' });
    const when = whenLocal(answerBy);
    expect(when).toMatch(/Donnerstag/);
    expect(banner.querySelector('p')).toHaveTextContent(
      `Du bist dran: Eine Portion von „${title}“ gehört dir, wenn du bis ${when} annimmst.`,
    );
    expect(
      within(banner).getByRole('link', { name: 'Auf das Angebot antworten' }),
    ).toBeInTheDocument();
  });
});
