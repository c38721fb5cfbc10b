import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ask } from '../../../common/listings/asks';
import { i18n, loadLanguage } from '../lib/i18n';
import type { Language } from '../../../common/i18n/languages';
import { aMember, jsonResponse } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { MyAlerts } from '../features/alerts/my-alerts';
import { AskCard } from '../features/asks/ask-card';
import { MailStop } from '../features/mail/mail-stop';
import { NotificationSettings } from '../features/account/notification-settings';
import { ProfileView } from '../features/profile/profile-view';

/** Answers `routes` by address (GET) and records what is sent otherwise. */
function serve(routes: Record<string, unknown>, sent: unknown[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        sent.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return jsonResponse({ kind: 'messages', choice: 'off', mayDigest: true, key: 'k2' });
      }
      if (url in routes) return jsonResponse(routes[url]);
      return jsonResponse({ message: 'Not found' }, 404);
    }),
  );
  return sent;
}

async function speak(language: Language) {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.removeItem('cultureshare:units');
  await i18n.changeLanguage('en');
});

const member = aMember({
  id: 'u1',
  username: null,
  isModerator: true,
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
});

const ask: Ask = {
  id: 7,
  category: 'grain',
  subcategory: 'sourdough',
  search: 'rye',
  location: 'Leeds',
  note: null,
  createdAt: '2026-06-01T10:00:00Z',
  expiresAt: '2026-06-21T10:00:00Z',
  closedAt: null,
  user: { id: 'u2', username: null, firstName: 'Kim', lastName: null, profileImageUrl: null },
};

const alerts = {
  timeZone: 'Europe/London',
  alerts: [
    {
      id: 1,
      search: 'rye',
      category: 'grain',
      subcategory: 'sourdough',
      location: 'Leeds',
      radiusKm: 10,
      frequency: 'daily',
      createdAt: '2026-06-01T10:00:00Z',
      updatedAt: '2026-06-01T10:00:00Z',
    },
  ],
};

describe('a mail’s stop link', () => {
  const stopLink = '/api/mail/unsubscribe/k1/messages';
  const on = { kind: 'messages', choice: 'immediately', mayDigest: true };

  it('says its English word for word, apostrophes and link included', async () => {
    serve({ [stopLink]: on });
    renderWithProviders(<MailStop mailKey="k1" kind="messages" />);
    expect(
      await screen.findByRole('heading', { name: 'Stop Messages Emails?' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "We'll stop emailing you about new messages from members. Your other CultureShare emails stay as they are.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop Messages Emails' }));
    expect(
      await screen.findByRole('heading', { name: 'Stopped: Messages Emails' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      "We won't email you about new messages from members any more. Your other emails stay as they are.",
    );
    const line = screen.getByText(/Every kind of email has its own line under/);
    expect(line).toHaveTextContent(
      'Every kind of email has its own line under Notifications on your profile.',
    );
    expect(within(line).getByRole('link')).toHaveAttribute('href', '/profile');
  });

  it('asks and answers in Spanish', async () => {
    await speak('es');
    serve({ [stopLink]: on });
    renderWithProviders(<MailStop mailKey="k1" kind="messages" />);
    expect(
      await screen.findByRole('heading', { name: '¿Dejar de recibir correos de «Mensajes»?' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Dejaremos de escribirte sobre mensajes nuevos/)).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Dejar de recibir correos de «Mensajes»' }),
    );
    expect(
      await screen.findByRole('button', { name: 'Mejor un resumen diario' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Avisos, en tu perfil' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });
});

describe('the profile in the page’s language', () => {
  it('is German, with date-fns’ German for when they joined', async () => {
    await speak('de');
    serve({ '/api/auth/user': member });
    renderWithProviders(<ProfileView user={member} myStarters={<p>meine</p>} />);
    expect(screen.getByRole('button', { name: 'Profil bearbeiten' })).toBeInTheDocument();
    expect(screen.getByText('Beigetreten vor etwa 3 Stunden')).toBeInTheDocument();
    expect(screen.getAllByText('Nicht angegeben').length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'Meine Kulturen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abmelden' })).toHaveAttribute('href', '/api/logout');
    expect(screen.queryByText('Edit Profile')).toBeNull();
  });

  it('puts each kind of email in French', async () => {
    await speak('fr');
    serve({
      '/api/users/mail-settings': {
        messages: 'immediately',
        reservations: 'immediately',
        checkins: 'immediately',
        offers: 'immediately',
        reminders: 'off',
        asks: 'immediately',
      },
    });
    renderWithProviders(<NotificationSettings />);
    const messages = await screen.findByRole('radiogroup', { name: /^Messages/ });
    expect(
      screen.getByText('E-mails concernant les nouveaux messages des membres'),
    ).toBeInTheDocument();
    expect(within(messages).getByRole('radio', { name: 'Tout de suite' })).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: /^Pouvez-vous aider/ })).toBeInTheDocument();
  });
});

describe('asks and alerts', () => {
  it('keep their English wording and dates', async () => {
    serve({ '/api/alerts': alerts });
    renderWithProviders(
      <>
        <AskCard ask={ask} />
        <MyAlerts />
      </>,
    );
    expect(screen.getByText('Asked for · Leeds')).toBeInTheDocument();
    // The browser here is American: the month comes first.
    expect(screen.getByText('Kim · until 6/21/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sourdough starter — rye' })).toBeInTheDocument();
    expect(
      // …and reads miles: 10 km is 6.2 mi.
      await screen.findByText('“rye” · Grain Ferments › Sourdough starter within 6.2 mi of Leeds'),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Daily digest' })).toBeInTheDocument();
  });

  it('say them in German, with German dates and culture names', async () => {
    await speak('de');
    // A member who reads kilometres, as in Germany.
    localStorage.setItem('cultureshare:units', 'metric');
    serve({ '/api/alerts': alerts });
    renderWithProviders(
      <>
        <AskCard ask={ask} />
        <MyAlerts />
      </>,
    );
    expect(screen.getByText('Gesucht · Leeds')).toBeInTheDocument();
    expect(screen.getByText('Kim · bis 21.6.2026')).toBeInTheDocument();
    const alert = await screen.findByText(/^„rye“ · .* im Umkreis von 10 km um Leeds$/);
    expect(alert.textContent).not.toContain('Grain Ferments');
    expect(screen.getByRole('option', { name: 'Täglich gesammelt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Suchaufträge' })).toBeInTheDocument();
  });
});
