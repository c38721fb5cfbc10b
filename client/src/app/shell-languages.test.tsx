import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeaveGuard } from '../components/ui/leave-guard';
import { ConfirmEmailNotice } from '../features/account/auth/confirm-email-notice';
import { NeedsYou } from '../features/site/needs-you';
import { i18n, loadLanguage } from '../lib/i18n';
import HomePage from '../pages/home';
import UndoEmailChangePage from '../pages/undo-email-change';
import { fakeServer } from '../test/fake-server';
import { aMember, aStarter } from '../test/fixtures';
import { currentUserQueryKey, homeQueryKey } from '../lib/query-keys';
import { renderWithProviders } from '../test/render';
import { AskGiverWithPhoto } from './ask-giver-with-photo';
import { PostStarterFromHandover } from './pay-it-forward';
import { InstallHint } from './install-hint';
import { RouteError } from './route-error';

async function speak(language: 'es' | 'de' | 'fr') {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the page frame in other languages', () => {
  it('says a failed page in German, and in English as before', async () => {
    renderWithProviders(<RouteError />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText('Please reload the page. If it keeps happening, try again later.'),
    ).toBeInTheDocument();
    await speak('de');
    expect(
      await screen.findByRole('heading', { name: 'Etwas ist schiefgelaufen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('asks before leaving a form in French', async () => {
    await speak('fr');
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <LeaveGuard when />
        <Link to="/elsewhere">away</Link>
      </>,
      { path: '/post' },
    );
    await user.click(screen.getByRole('link', { name: 'away' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Quitter cette page ?' });
    expect(within(dialog).getByRole('button', { name: 'Continuer la saisie' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Quitter' })).toBeVisible();
  });

  it('gives the iPhone install hint in German, its Share icon named', async () => {
    await speak('de');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    );
    localStorage.removeItem('cultureshare:install-hint-dismissed');
    renderWithProviders(<InstallHint />);
    const hint = await screen.findByRole('complementary', { name: 'CultureShare installieren' });
    expect(hint).toHaveTextContent(
      'Tippe auf und dann auf „Zum Home-Bildschirm“, um CultureShare wie eine App zu öffnen',
    );
    expect(within(hint).getByLabelText('Teilen')).toBeInTheDocument();
    expect(within(hint).getByRole('button', { name: 'Ausblenden' })).toBeInTheDocument();
  });

  it('explains asking the giver with a photo in Spanish', async () => {
    await speak('es');
    fakeServer({
      'GET /api/auth/user': () => aMember({ id: 'me' }),
      'GET /api/me/handovers': () => ({ reservedForMe: [], given: [], received: [] }),
    });
    renderWithProviders(<AskGiverWithPhoto starter={aStarter({ id: 7 })} />);
    expect(
      await screen.findByText(/Cuando hayas recibido este cultivo, desde aquí podrás preguntarle/),
    ).toBeInTheDocument();
  });
});

describe('passing a culture on, in French', () => {
  it('names the culture and its giver, and says when the hand-over is not theirs', async () => {
    await speak('fr');
    fakeServer({
      'GET /api/auth/user': () => aMember({ location: 'Lyon' }),
      'GET /api/me/received-cultures/7': () => ({
        handoverId: 7,
        starterId: 41,
        title: 'Levain de seigle',
        category: 'grain',
        subcategory: 'sourdough',
        starterType: 'Levain',
        form: 'fresh',
        careNotes: null,
        giver: {
          id: 'g1',
          username: 'anna',
          firstName: 'Anna',
          lastName: null,
          profileImageUrl: null,
        },
        confirmedAt: '2026-11-01T10:00:00.000Z',
      }),
      'GET /api/me/received-cultures': () => [],
    });
    const { unmount } = renderWithProviders(<PostStarterFromHandover from="7" />);
    expect(await screen.findByText(/Vous transmettez/)).toHaveTextContent(
      'Vous transmettez Levain de seigle, un ferment donné par anna : son arbre',
    );
    unmount();
    renderWithProviders(<PostStarterFromHandover from="99" />);
    expect(await screen.findByText(/Nous n’avons pas trouvé cette remise/)).toBeInTheDocument();
  });
});

describe('what waits for a member, in other languages', () => {
  const items = (text: string) => [
    {
      key: 'a',
      icon: null,
      text,
      action: { label: i18n.t('home:needsYou.replyAction'), to: '/x' },
    },
  ];

  it('heads the list in Spanish', async () => {
    await speak('es');
    renderWithProviders(<NeedsYou items={items('Fern espera tu respuesta')} />);
    const region = screen.getByRole('region', { name: 'Te está esperando' });
    expect(within(region).getByRole('link', { name: 'Responder' })).toHaveAttribute('href', '/x');
  });

  it('lists a standing offer on the German home page, its next round in German', async () => {
    await speak('de');
    const nextRoundAt = '2026-11-28T10:00:00.000Z';
    fakeServer({
      'GET /api/conversations': () => [],
      'GET /api/checkins': () => [],
      'GET /api/me/notices': () => [],
      'GET /api/me/standing-offers': () => ({
        giving: [{ starterId: 5, title: 'Kombucha SCOBY', paused: false, nextRoundAt, waiting: 3 }],
        offeredToMe: [],
      }),
    });
    renderWithProviders(<HomePage />, {}, (client) => {
      client.setQueryData(currentUserQueryKey, aMember());
      client.setQueryData(homeQueryKey, {
        figures: { startersShared: 1, kitchensReached: 1 },
        nearby: { near: null, starters: [] },
      });
    });
    const region = await screen.findByRole('region', { name: 'Wartet auf dich' });
    const next = new Date(nextRoundAt).toLocaleString('de-DE', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(
      await within(region).findByText(
        `Dein Dauerangebot „Kombucha SCOBY“: 3 Personen warten, nächste Runde ${next}`,
      ),
    ).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Verwalten' })).toHaveAttribute(
      'href',
      '/starter/5',
    );
  });

  it('counts the waiting members in German and French, and in English as before', async () => {
    const offer = { title: 'Kombucha SCOBY', when: 'Sa., 28. Nov., 10:00' };
    expect(i18n.t('home:needsYou.standingNext', { ...offer, count: 1 })).toBe(
      'Your standing offer of “Kombucha SCOBY”: 1 member waiting, next round Sa., 28. Nov., 10:00',
    );
    expect(i18n.t('home:needsYou.standingPaused', { ...offer, count: 3 })).toBe(
      'Your standing offer of “Kombucha SCOBY”: 3 members waiting, paused',
    );
    expect(i18n.t('home:needsYou.turn', { title: 'Kefir', when: 'Sat 28 Nov, 10:00' })).toBe(
      "It's your turn for “Kefir” — answer by Sat 28 Nov, 10:00",
    );
    await speak('de');
    expect(i18n.t('home:needsYou.standingNext', { ...offer, count: 1 })).toBe(
      'Dein Dauerangebot „Kombucha SCOBY“: 1 Person wartet, nächste Runde Sa., 28. Nov., 10:00',
    );
    await speak('fr');
    expect(i18n.t('home:needsYou.standingPaused', { ...offer, count: 2 })).toBe(
      'Votre offre permanente de « Kombucha SCOBY » : 2 membres en attente, en pause',
    );
  });
});

describe('the account texts, in other languages', () => {
  it('asks to confirm the address before a first message, in Spanish', async () => {
    await speak('es');
    renderWithProviders(<ConfirmEmailNotice action="sendMessages" next="/starter/7" />);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Confirma tu correo para enviar mensajes —');
    expect(within(notice).getByRole('button', { name: 'Reenviar el enlace' })).toBeEnabled();
  });

  it('says the same in English as before', () => {
    renderWithProviders(<ConfirmEmailNotice action="sendMessages" next="/starter/7" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Confirm your email to send messages — Resend the link',
    );
  });

  it('offers to undo an address change in French', async () => {
    await speak('fr');
    renderWithProviders(<UndoEmailChangePage />, { path: '/undo-email-change?token=abc' });
    expect(
      screen.getByRole('heading', { name: 'Annuler un changement d’adresse' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ramener mon compte' })).toBeInTheDocument();
  });
});

describe('the offline page', () => {
  const html = readFileSync(resolve(__dirname, '../../public/offline.html'), 'utf8');
  const script = readFileSync(resolve(__dirname, '../../public/offline.js'), 'utf8');

  function openOffline({ cookie, languages }: { cookie?: string; languages: string[] }) {
    const page = new DOMParser().parseFromString(html, 'text/html');
    document.head.innerHTML = page.head.innerHTML;
    document.body.innerHTML = page.body.innerHTML;
    document.documentElement.lang = 'en';
    vi.spyOn(document, 'cookie', 'get').mockReturnValue(cookie ?? '');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    new Function(script)();
  }

  it('speaks the language chosen in this browser', () => {
    openOffline({ cookie: 'theme=dark; lang=de', languages: ['fr-FR'] });
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe('Du bist offline — CultureShare');
    expect(screen.getByRole('heading', { name: 'Du bist offline' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kulturen finden' })).toHaveAttribute(
      'href',
      '/browse',
    );
  });

  it('else the browser’s first language the site speaks, else English', () => {
    openOffline({ languages: ['it-IT', 'fr-CA', 'es'] });
    expect(document.documentElement.lang).toBe('fr');
    expect(screen.getByText('Réessayer')).toBeInTheDocument();

    openOffline({ languages: ['it-IT'] });
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeInTheDocument();
    expect(screen.getByText('Try Again')).toBeInTheDocument();
  });
});
