import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../lib/i18n';
import { currentToast } from '../../components/ui/toast-store';
import { renderWithProviders } from '../../test/render';
import type { Language } from '../../../../common/i18n/languages';
import { ConversationList } from './conversation-list';
import { acceptPhotos } from './message-photos';

async function showIn(language: Language) {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('conversations in the page’s language', () => {
  it('shows an empty inbox in Spanish, with its way to browse', async () => {
    await showIn('es');
    renderWithProviders(
      <ConversationList
        conversations={[]}
        isLoading={false}
        isError={false}
        onRetry={() => {}}
        selected={null}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Aún no tienes conversaciones' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Explorar cultivos' })).toHaveAttribute(
      'href',
      '/browse',
    );
  });

  it('keeps the English texts with apostrophes as they were', () => {
    const t = i18n.getFixedT('en', 'conversations');
    expect(t('ask.placeholder')).toBe(
      "Hi! I'd love to try your starter. When would suit you for a pickup?",
    );
    expect(t('feedback.reasons.no-show')).toBe("Didn't show up");
    expect(t('report.thanksPost')).toBe(
      "Thank you for helping keep our community safe. We'll review this report.",
    );
    expect(t('listing.endsIn', { count: 1 })).toBe(
      'This listing ends in 1 day. Is it still available?',
    );
    expect(t('report.withPhotos', { count: 3 })).toBe('With 3 photos');
  });

  it('names a file that is not a photo in the language shown', async () => {
    await showIn('de');
    const file = new File(['x'], 'notes.txt', { type: 'text/plain' });
    expect(acceptPhotos([], [file])).toEqual([]);
    expect(currentToast()).toMatchObject({ description: 'notes.txt ist kein Foto.' });
  });
});
