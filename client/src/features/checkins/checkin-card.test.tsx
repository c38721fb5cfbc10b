import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Checkin } from '../../../../common/cultures/checkins';
import { i18n, loadLanguage } from '../../lib/i18n';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CheckinByMail } from './checkin-by-mail';
import { CheckinCard } from './checkin-card';
import { CheckinsBanner } from './checkins-banner';

afterEach(() => vi.unstubAllGlobals());

function aCheckin(overrides: Partial<Checkin> = {}): Checkin {
  return {
    id: 41,
    handoverId: 17,
    day: 1,
    dueAt: '2026-11-28T12:00:00.000Z',
    answer: null,
    answeredAt: null,
    starter: { id: 9, title: 'Rye sourdough' },
    giver: {
      id: 'giver-1',
      username: 'olive',
      firstName: 'Olive',
      lastName: 'Baker',
      profileImageUrl: null,
    },
    ...overrides,
  };
}

describe('CheckinCard', () => {
  it('asks with three one-click answers and a link to ask the giver', async () => {
    const onAnswer = vi.fn();
    renderWithProviders(<CheckinCard checkin={aCheckin({ day: 3 })} onAnswer={onAnswer} />);
    const card = screen.getByRole('article', { name: /Did Rye sourdough wake up\?/ });
    expect(card).toHaveTextContent('Day 3 check-in');
    const answers = within(card).getByRole('group', { name: 'How is Rye sourdough doing?' });
    expect(
      within(answers)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Thriving', 'Waking up slowly', 'Not yet / worried']);
    expect(within(card).getByRole('link', { name: 'Ask olive' })).toHaveAttribute(
      'href',
      '/messages?starter=9&with=giver-1',
    );
    await userEvent.click(within(answers).getByRole('button', { name: 'Waking up slowly' }));
    expect(onAnswer).toHaveBeenCalledWith('slow');
    expect(within(card).queryByRole('link', { name: 'Share some of yours' })).toBeNull();
  });

  it('"Thriving" invites to share some, linking to the post form for this hand-over', () => {
    renderWithProviders(
      <CheckinCard checkin={aCheckin({ answer: 'thriving' })} onAnswer={vi.fn()} />,
    );
    expect(screen.getByRole('link', { name: 'Share some of yours' })).toHaveAttribute(
      'href',
      '/post?from=17',
    );
    expect(screen.queryByRole('button', { name: 'Thriving' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'See how to wake it' })).toBeNull();
  });

  it('"Not yet / worried" shows how to wake it and whom to ask', () => {
    renderWithProviders(
      <CheckinCard checkin={aCheckin({ answer: 'worried' })} onAnswer={vi.fn()} />,
    );
    expect(screen.getByText(/You said: Not yet \/ worried/)).toHaveFocus();
    expect(screen.getByRole('link', { name: 'See how to wake it' })).toHaveAttribute(
      'href',
      '/starter/9',
    );
    expect(screen.getByRole('link', { name: 'Ask olive' })).toHaveAttribute(
      'href',
      '/messages?starter=9&with=giver-1',
    );
    expect(screen.queryByRole('link', { name: 'Share some of yours' })).toBeNull();
  });
});

describe('CheckinsBanner', () => {
  it('answers with one click and keeps the answered card with the share link', async () => {
    const posted: unknown[] = [];
    let due = [aCheckin()];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/checkins' && (init?.method ?? 'GET') === 'GET') return jsonResponse(due);
        if (url === '/api/checkins/41' && init?.method === 'POST') {
          posted.push(JSON.parse(String(init.body)));
          due = [];
          return jsonResponse(
            aCheckin({ answer: 'thriving', answeredAt: '2026-11-28T13:00:00.000Z' }),
          );
        }
        return jsonResponse({ message: 'Not found' }, 404);
      }),
    );
    renderWithProviders(<CheckinsBanner signedIn />);
    const banner = await screen.findByRole('complementary', { name: 'Check-ins' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Thriving' }));
    expect(posted).toEqual([{ answer: 'thriving' }]);
    expect(
      await within(banner).findByRole('link', { name: 'Share some of yours' }),
    ).toHaveAttribute('href', '/post?from=17');
    await userEvent.click(within(banner).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('complementary', { name: 'Check-ins' })).toBeNull();
  });

  it('never asks when signed out', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<CheckinsBanner signedIn={false} />);
    expect(screen.queryByRole('complementary', { name: 'Check-ins' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('check-ins in the page’s language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('asks in German, answers included, and in English again after', async () => {
    await loadLanguage('de');
    await i18n.changeLanguage('de');
    const { unmount } = renderWithProviders(
      <CheckinCard checkin={aCheckin({ day: 3 })} onAnswer={vi.fn()} />,
    );
    const card = screen.getByRole('article', { name: /Ist Rye sourdough aufgewacht\?/ });
    expect(card).toHaveTextContent('Nachfrage nach 3 Tagen');
    const answers = within(card).getByRole('group', { name: 'Wie geht es Rye sourdough?' });
    expect(
      within(answers)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Quicklebendig', 'Wird langsam wach', 'Noch nicht / ich mache mir Sorgen']);
    expect(within(card).getByRole('link', { name: 'olive fragen' })).toBeInTheDocument();
    unmount();

    await i18n.changeLanguage('en');
    renderWithProviders(<CheckinCard checkin={aCheckin({ answer: 'slow' })} onAnswer={vi.fn()} />);
    expect(
      screen.getByText(
        'You said: Waking up slowly. Cultures often take a few feeds to settle after travelling. Give it a little time.',
      ),
    ).toBeInTheDocument();
  });

  it('the mail’s answer page asks in French and names the answer on its button', async () => {
    await loadLanguage('fr');
    await i18n.changeLanguage('fr');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(aCheckin())),
    );
    renderWithProviders(
      <CheckinByMail checkinId={41} answer="thriving" mailKey={'a'.repeat(32)} />,
    );
    expect(
      await screen.findByRole('heading', { name: 'Comment va « Rye sourdough » ?' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Votre réponse sera envoyée à olive/)).toHaveTextContent(
      'Votre réponse sera envoyée à olive : En pleine forme.',
    );
    expect(screen.getByRole('button', { name: 'Envoyer « En pleine forme »' })).toHaveFocus();
  });

  it('the mail’s answer page says it as before in English', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(aCheckin())),
    );
    renderWithProviders(<CheckinByMail checkinId={41} answer="slow" mailKey={'a'.repeat(32)} />);
    expect(
      await screen.findByRole('heading', { name: 'How Is “Rye sourdough” Doing?' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your answer goes to/)).toHaveTextContent(
      'Your answer goes to olive: Waking up slowly.',
    );
    expect(screen.getByRole('button', { name: 'Send “Waking up slowly”' })).toBeInTheDocument();
  });
});
