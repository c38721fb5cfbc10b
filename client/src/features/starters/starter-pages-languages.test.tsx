import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStarter, jsonResponse, aMember } from '../../test/fixtures';
import { renderWithProviders, showIn } from '../../test/render';
import { CommunityRulesCard } from './community-rules-card';
import { PostStarterForm } from './post-starter-form';
import { StarterDetailView } from './starter-detail-view';

const starter = aStarter({
  id: 5,
  title: 'Rye sourdough',
  description: 'Vigorous rye starter that doubles in four hours.',
  customDescription: 'Feed it 1:1:1 with rye flour.',
  location: 'Boston, MA',
});

function serve(userId: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/user')
        return userId
          ? jsonResponse(aMember({ id: userId }))
          : jsonResponse({ message: 'Sign in required' }, 401);
      if (url === '/api/starters/5') return jsonResponse(starter);
      return jsonResponse({ message: 'Not found' }, 404);
    }),
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
});

describe('the starter pages in the page’s language', () => {
  it('shows a starter in Spanish; the member’s own words stay as written', async () => {
    await showIn('es');
    serve('someone-else');
    renderWithProviders(<StarterDetailView rawId="5" />);
    expect(await screen.findByRole('heading', { name: 'Rye sourdough' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a explorar' })).toHaveAttribute(
      'href',
      '/browse',
    );
    // The type in Spanish, and not again as the English name it was posted with.
    expect(screen.getByText('Masa madre')).toBeInTheDocument();
    expect(screen.queryByText(/Sourdough starter/)).toBeNull();
    expect(screen.getByText('Más detalles')).toBeInTheDocument();
    expect(screen.getByText('Feed it 1:1:1 with rye flour.')).toBeInTheDocument();
    expect(screen.getByText('Lo comparte')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Escribir al dueño' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Denunciar publicación' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Acciones para Rye sourdough' }),
    ).toBeInTheDocument();
  });

  it('says an address naming no starter is invalid, in French', async () => {
    await showIn('fr');
    serve(null);
    renderWithProviders(<StarterDetailView rawId="abc" />);
    expect(
      screen.getByRole('heading', { name: 'Identifiant de ferment invalide' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la liste' })).toBeInTheDocument();
  });

  it('asks for a starter in German, the type filled in with its German name', async () => {
    await showIn('de');
    serve('me');
    renderWithProviders(<PostStarterForm />);
    expect(screen.getByRole('heading', { level: 1, name: 'Kultur teilen' })).toBeInTheDocument();
    expect(screen.getByLabelText('Titel')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Kategorie'), 'grain');
    const type = screen.getByLabelText('Art der Kultur') as HTMLSelectElement;
    expect(Array.from(type.options).map((o) => o.textContent)).toContain('Sonstige');
    await userEvent.selectOptions(type, 'sourdough');
    expect(screen.getByLabelText('Genaue Art (falls anders als oben)')).toHaveValue('Sauerteig');
    expect(screen.getByRole('heading', { name: 'Übergabe' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Die Kultur' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kultur anbieten' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abbrechen' })).toHaveAttribute('href', '/browse');
  });

  it('keeps the English texts as they were', () => {
    const { container } = render(<CommunityRulesCard />);
    const rules = within(container);
    expect(rules.getByRole('heading', { name: 'Community Rules' })).toBeInTheDocument();
    expect(rules.getByText('Gift economy: everything is free, no selling.')).toBeInTheDocument();
  });
});
