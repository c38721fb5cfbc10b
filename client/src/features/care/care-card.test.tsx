import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { careCards } from '../../../../common/cultures/care-cards/cards';
import { i18n, loadLanguage } from '../../lib/i18n';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CareCard, CareCardView } from './care-card';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function serveCards() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const key = url.replace('/api/care-cards/', '');
      const card = careCards.get(key);
      return card ? jsonResponse(card) : jsonResponse({ message: 'No card' }, 404);
    }),
  );
  return asked;
}

describe('CareCard', () => {
  it("shows the listing type's card with the giver's own notes, fetched on its own", async () => {
    const asked = serveCards();
    renderWithProviders(
      <CareCard subcategory="sourdough" form="active" careNotes="I feed it rye at 8 am." />,
    );
    const card = await screen.findByRole('region', { name: 'Sourdough starter' });
    expect(asked).toEqual(['/api/care-cards/sourdough']);
    expect(within(card).getByText('From the giver:')).toBeInTheDocument();
    expect(within(card).getByText(/I feed it rye at 8 am\./)).toBeInTheDocument();
    expect(within(card).getByText('Arrives active (this one)')).toBeInTheDocument();
    expect(within(card).getByText('When active, feed it at least every 7 days.')).toBeVisible();
    expect(within(card).getByRole('heading', { name: 'Throw it away if you see' })).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Safety Guidelines' })).toHaveAttribute(
      'href',
      '/safety',
    );
  });

  it('a US browser starts in imperial, before any choice', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    serveCards();
    renderWithProviders(<CareCard subcategory="sourdough" />);
    const card = await screen.findByRole('region', { name: 'Sourdough starter' });
    expect(within(card).getByRole('button', { name: 'Imperial' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows metric by default outside the US and converts every quantity to imperial, remembering the choice', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    serveCards();
    const { unmount } = renderWithProviders(<CareCard subcategory="sourdough" />);
    const card = await screen.findByRole('region', { name: 'Sourdough starter' });
    expect(within(card).getByRole('button', { name: 'Metric' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(card).getAllByText('50 g').length).toBeGreaterThan(0);
    expect(within(card).getAllByText('21–27 °C').length).toBeGreaterThan(0);

    await userEvent.click(within(card).getByRole('button', { name: 'Imperial' }));
    expect(within(card).getByRole('button', { name: 'Imperial' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(card).queryByText('50 g')).toBeNull();
    expect(within(card).getAllByText('1.8 oz').length).toBeGreaterThan(0);
    expect(within(card).getAllByText('70–81 °F').length).toBeGreaterThan(0);
    expect(within(card).getAllByText('1.7 fl oz').length).toBeGreaterThan(0);
    expect(card.textContent).not.toMatch(/\d\s?(g|ml|°C)\b/);

    unmount();
    renderWithProviders(<CareCard subcategory="kefir" />);
    const next = await screen.findByRole('region', { name: 'Milk kefir grains' });
    expect(within(next).getByRole('button', { name: 'Imperial' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(next).getAllByText('1 cup').length).toBeGreaterThan(0);
  });

  it('names the temperature range once, whether or not the note already does', () => {
    localStorage.setItem('cultureshare:units', 'metric');
    // Plain DOM queries: role queries over twenty whole cards are slow.
    const temperatureText = (container: HTMLElement) =>
      [...container.querySelectorAll('section')].find(
        (s) => s.querySelector('h3')?.textContent === 'Temperature',
      )!.textContent!;
    for (const card of careCards.values()) {
      const { container, unmount } = renderWithProviders(<CareCardView card={card} />);
      const range = `${card.temperatureC.min}–${card.temperatureC.max} °C`;
      expect(temperatureText(container).split(range).length - 1, card.title).toBe(1);
      unmount();
    }
    // A note that does not say it: the range gets its own line.
    const sourdough = careCards.get('sourdough')!;
    const { container } = renderWithProviders(
      <CareCardView card={{ ...sourdough, temperatureNote: 'Keep it out of the sun.' }} />,
    );
    expect(temperatureText(container)).toContain('Happiest at 21–27 °C.');
  }, 30_000);

  it("still shows the giver's notes when the card cannot be loaded", async () => {
    serveCards();
    renderWithProviders(<CareCard subcategory="nonsense" careNotes="Keep it cool." />);
    expect(await screen.findByText('Failed to load the care card')).toBeInTheDocument();
    expect(screen.getByText(/Keep it cool\./)).toBeInTheDocument();
  });
});

describe('CareCard in the page’s language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('reads in Spanish, the card’s own words too, and still converts every quantity', async () => {
    await loadLanguage('es');
    await i18n.changeLanguage('es');
    localStorage.setItem('cultureshare:units', 'metric');
    serveCards();
    renderWithProviders(
      <CareCard subcategory="sourdough" form="dried" careNotes="I feed it rye at 8 am." />,
    );
    const card = await screen.findByRole('region', { name: 'Masa madre' });
    expect(within(card).getByText('Ficha de cuidados')).toBeInTheDocument();
    expect(within(card).getByText('De quien lo regala:')).toBeInTheDocument();
    // The giver's own words are theirs: never translated.
    expect(within(card).getByText(/I feed it rye at 8 am\./)).toBeInTheDocument();
    expect(within(card).getByText('Llega deshidratado (este)')).toBeInTheDocument();
    expect(
      within(card).getByText('Cuando está activo, aliméntalo al menos cada 7 días.'),
    ).toBeVisible();
    expect(within(card).getByRole('heading', { name: 'Tíralo si ves' })).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Consejos de seguridad' })).toHaveAttribute(
      'href',
      '/safety',
    );
    expect(card.textContent).toContain('Harina y agua.');
    expect(card.textContent).not.toContain('Flour and water');

    await userEvent.click(within(card).getByRole('button', { name: 'Imperial' }));
    // Its decimal comma.
    expect(within(card).getAllByText('1,8 oz').length).toBeGreaterThan(0);
    expect(card.textContent).not.toMatch(/\d\s?(g|ml|°C)\b/);
    expect(card.textContent).not.toContain('1.8 oz');
    expect(within(card).getAllByText('1,7 fl oz').length).toBeGreaterThan(0);
  });

  it('measures milk in German cups', async () => {
    await loadLanguage('de');
    await i18n.changeLanguage('de');
    localStorage.setItem('cultureshare:units', 'imperial');
    serveCards();
    renderWithProviders(<CareCard subcategory="kefir" />);
    const card = await screen.findByRole('region', { name: 'Milchkefir-Knollen' });
    expect(within(card).getAllByText('1 Tasse').length).toBeGreaterThan(0);
    expect(card.textContent).not.toMatch(/\bcups?\b/);
  });
});
