import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../lib/i18n';
import { renderWithProviders } from '../test/render';
import HelpPage from './help';

const questions = [
  'How do I post a starter?',
  'What types of starters can I share?',
  'How do I contact a starter owner?',
  'Is everything really free?',
  'How do I know if a starter is safe?',
  'How do I edit, delete or mark my starter as claimed?',
  'How do I report a post?',
  'What if a starter becomes contaminated after I share it?',
];

/** A question's `<details>`: its summary is what is tapped. */
const question = (name: string) =>
  screen.getByRole('heading', { level: 3, name }).closest('details')!;
const summary = (name: string) => question(name).querySelector('summary')!;
const openOnes = () => document.querySelectorAll('details[open]');

describe('the help center', () => {
  it('lists the eight questions, all closed at first', () => {
    renderWithProviders(<HelpPage />, { path: '/help' });
    for (const q of questions) expect(question(q)).not.toHaveAttribute('open');
    expect(document.querySelectorAll('details[name="faq"]')).toHaveLength(8);
  });

  it('tells owners to edit a listing from its menu, not to delete it and post it again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HelpPage />, { path: '/help' });
    await user.click(summary('How do I edit, delete or mark my starter as claimed?'));
    const answer = screen.getByText(/To change a listing's details/);
    expect(answer).toBeVisible();
    expect(question('How do I edit, delete or mark my starter as claimed?')).toHaveTextContent(
      /open its menu and choose Edit/,
    );
    expect(screen.queryByText(/delete it and post it again/)).toBeNull();
  });

  it('opens one answer at a time and closes it again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HelpPage />, { path: '/help' });

    // jsdom does not close the other disclosures of a name (browsers do: the browser test holds
    // it); what is ours is that each is a disclosure of the one name.
    await user.click(summary('How do I contact a starter owner?'));
    expect(question('How do I contact a starter owner?')).toHaveAttribute('open');
    expect(screen.getByText(/You need to be signed in to send messages/)).toBeVisible();
    expect(question('How do I report a post?')).toHaveAttribute('name', 'faq');

    await user.click(summary('How do I contact a starter owner?'));
    expect(openOnes()).toHaveLength(0);
  });

  it('links to the four quick-help pages', () => {
    renderWithProviders(<HelpPage />, { path: '/help' });
    const main = screen.getByRole('heading', { level: 1, name: 'Help Center' });
    expect(main).toBeInTheDocument();
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/browse', '/safety', '/rules', '/contact']));
    const browse = screen.getByRole('link', { name: /Browse Starters/ });
    expect(within(browse).getByText(/neighbours are sharing/)).toBeInTheDocument();
  });
});

describe('the help center in the page’s language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('asks and answers in Spanish, links and all', async () => {
    await loadLanguage('es');
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    renderWithProviders(<HelpPage />, { path: '/help?lang=es' });
    expect(screen.getByRole('heading', { level: 1, name: 'Centro de ayuda' })).toBeInTheDocument();
    expect(openOnes()).toHaveLength(0);

    await user.click(summary('¿Qué tipos de cultivos puedo compartir?'));
    const rules = screen.getByRole('link', { name: 'Normas de la comunidad' });
    expect(rules).toHaveAttribute('href', '/rules');
    expect(rules.closest('p')).toHaveTextContent(/gránulos de kéfir/);
  });
});
