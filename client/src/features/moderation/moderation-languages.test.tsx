import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../../common/moderation/moderation';
import type { ReportItem } from '../../../../common/moderation/reports';
import type { Starter } from '../../../../common/listings/starters';
import { renderWithProviders, showIn } from '../../test/render';
import type { HeldMessage, ScreeningSettings } from '../../../../common/moderation/screening';
import { AuditLogTab } from './audit-log-tab';
import { HeldTab } from './held-tab';
import { RemovalNotice } from './removal-notice';
import { ReportCard } from './report-card';
import { RulesTab } from './rules-tab';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

const report: ReportItem = {
  id: 7,
  reason: 'safety',
  description: 'Pink spots',
  status: 'pending',
  createdAt: hoursAgo(3),
  reviewedAt: null,
  reviewer: null,
  reporter: { id: 'r1', username: 'wren', firstName: null },
  starter: {
    id: 42,
    title: 'Pink kefir',
    category: 'dairy',
    description: 'Grains with a pink tinge.',
    imagePath: null,
    thumbnailPath: null,
    removedAt: null,
    user: {
      id: 'o1',
      username: 'sam',
      firstName: null,
      lastName: null,
      isModerator: false,
      bannedAt: null,
      suspendedUntil: null,
    },
  },
};

const person = (username: string) => ({ id: username, username, firstName: null });
const entry = (id: number, overrides: Partial<AuditEntry>): AuditEntry => ({
  id,
  action: 'ban',
  createdAt: hoursAgo(1),
  reason: null,
  details: null,
  moderator: person('mod'),
  reportId: null,
  starter: null,
  targetUser: person('sam'),
  ...overrides,
});
const audit: AuditEntry[] = [
  entry(1, {
    action: 'remove_starter',
    reportId: 3,
    starter: { id: 42, title: 'Pink kefir' },
    details: { rule: 'free' },
    reason: 'Asked for money',
  }),
  entry(2, { action: 'suspend', reportId: 3, details: { days: 1 } }),
  entry(3, { action: 'lift_sanction', details: { kind: 'ban' } }),
  entry(4, { action: 'report_status', reportId: 5, details: { to: 'reviewed' } }),
  entry(5, { action: 'restore_starter', starter: null, moderator: null }),
];

const held: HeldMessage = {
  id: 1,
  kind: 'message',
  content: 'Send 20 euros by PayPal first',
  codes: ['money'],
  strict: true,
  createdAt: hoursAgo(1),
  starter: { id: 42, title: 'Pink kefir' },
  sender: {
    id: 's1',
    username: 'quick_seller',
    firstName: null,
    joinedAt: hoursAgo(2),
    messagesSent: 3,
    heldBefore: 1,
    rejectedBefore: 0,
    sanctionsBefore: 1,
  },
  receiver: { id: 'r1', username: 'wren', firstName: null },
  context: [],
};

const screening: ScreeningSettings = {
  rules: [
    {
      id: null,
      code: 'money',
      words: null,
      exception: null,
      action: 'warn',
      strictAction: 'hold',
      updatedAt: null,
    },
  ],
  figures: { scams: 8, scamsCaught: 7, ordinary: 40, ordinaryHeld: 0, ordinaryWarned: 1 },
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function serve(answer: (url: string) => unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => json(answer(url))),
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
});

describe('the moderation dashboard in the page’s language', { timeout: 30_000 }, () => {
  it('shows a report card in German, actions and their explanations too', async () => {
    await showIn('de');
    renderWithProviders(<ReportCard report={report} />);
    expect(screen.getByRole('heading', { name: 'Meldung Nr. 7' })).toBeInTheDocument();
    expect(screen.getByText('Offen')).toBeInTheDocument();
    expect(screen.getByText('vor etwa 3 Stunden')).toBeInTheDocument();
    expect(screen.getByText('Sicherheitsbedenken')).toBeInTheDocument();
    expect(screen.getByText('Milchkulturen')).toBeInTheDocument();
    expect(screen.getByText('Kein Foto')).toBeInTheDocument();
    expect(screen.getByText('Besitzer: sam')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Angebot öffnen: Pink kefir' })).toHaveAttribute(
      'href',
      '/starter/42',
    );
    expect(
      screen.getByRole('button', { name: 'Als geprüft markieren' }),
    ).toHaveAccessibleDescription(/^Als geprüft markieren: Du hast es dir angesehen/);
    expect(screen.getByRole('button', { name: 'Kultur entfernen' })).toBeInTheDocument();
    expect(screen.queryByText('Mark as Reviewed')).toBeNull();
  });

  it('tells an owner in French which rule their listing broke, with the rules linked', async () => {
    await showIn('fr');
    serve(() => ({
      id: 1,
      starterId: 42,
      reason: 'privacy',
      note: null,
      removedAt: hoursAgo(2),
      appeal: null,
      decision: null,
      decidedAt: null,
    }));
    const starter = { id: 42, removedAt: hoursAgo(2) } as Starter;
    renderWithProviders(<RemovalNotice starter={starter} isOwner />);
    const rule = await screen.findByText('Consigne : Respecter la vie privée');
    expect(rule.tagName).toBe('STRONG');
    expect(rule.parentElement).toHaveTextContent(
      'Elle enfreint Consigne : Respecter la vie privée : Pas d’adresse ni de numéro de téléphone dans les annonces.',
    );
    expect(screen.getByRole('link', { name: 'Règles de la communauté' })).toHaveAttribute(
      'href',
      '/rules',
    );
    expect(screen.getByRole('button', { name: 'Contester ce retrait' })).toBeInTheDocument();
  });

  it('writes the audit log in Spanish', async () => {
    await showIn('es');
    serve(() => audit);
    renderWithProviders(<AuditLogTab />);
    const log = await screen.findByRole('list', {
      name: 'Acciones de moderación, de la más reciente a la más antigua',
    });
    const lines = within(log)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')!.textContent);
    expect(lines).toEqual([
      'mod retiró el cultivo «Pink kefir» (denuncia n.º 3) por Norma 2: Solo regalos',
      'mod suspendió a sam durante 1 día (denuncia n.º 3)',
      'mod levantó la expulsión de sam',
      'mod marcó la denuncia n.º 5 como revisada',
      'Un antiguo moderador restauró el cultivo «cultivo borrado» tras una apelación',
    ]);
    expect(screen.getByText('Por qué: Asked for money')).toBeInTheDocument();
  });

  it('keeps the audit log’s English as it was', async () => {
    serve(() => audit);
    renderWithProviders(<AuditLogTab />);
    const log = await screen.findByRole('list', { name: 'Moderator actions, newest first' });
    const lines = within(log)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')!.textContent);
    expect(lines).toEqual([
      'mod removed the starter “Pink kefir” (report #3) for Rule 2: Free Items Only',
      'mod suspended sam for 1 day (report #3)',
      'mod lifted the ban on sam',
      'mod marked report #5 as reviewed',
      'A former moderator restored the starter “deleted starter” on appeal',
    ]);
    expect(screen.getByText('Why: Asked for money')).toBeInTheDocument();
  });

  it('counts a held sender’s history in Spanish, and in English as before', async () => {
    serve((url) => (url === '/api/moderation/held' ? [held] : []));
    const { unmount } = renderWithProviders(<HeldTab />);
    const card = within(await screen.findByRole('list', { name: 'Held messages' }));
    for (const text of [
      'From quick_seller to wren',
      'Money',
      '3 messages delivered',
      '1 other message held',
      '0 messages rejected',
      '1 earlier sanction',
      'Also suspend for 1 day',
      'Also suspend for 3 days',
    ])
      expect(card.getByText(text)).toBeInTheDocument();
    expect(card.getByText(/^Joined/)).toHaveTextContent('Joined about 2 hours ago');
    unmount();

    await showIn('es');
    renderWithProviders(<HeldTab />);
    const es = within(await screen.findByRole('list', { name: 'Mensajes retenidos' }));
    for (const text of [
      'De quick_seller para wren',
      'Dinero',
      '3 mensajes entregados',
      '1 mensaje retenido antes',
      '0 mensajes rechazados',
      '1 sanción anterior',
      'Suspender también 1 día',
      'Suspender también 3 días',
    ])
      expect(es.getByText(text)).toBeInTheDocument();
    expect(es.getByText(/^Se unió/)).toHaveTextContent('Se unió hace alrededor de 2 horas');
    expect(es.getByRole('button', { name: 'Dejar pasar' })).toBeInTheDocument();
  });

  it('shows the screening figures with German decimals', async () => {
    await showIn('de');
    serve(() => screening);
    renderWithProviders(<RulesTab />);
    expect(await screen.findByText('Mit den Testnachrichten')).toBeInTheDocument();
    expect(screen.getByText('87,5 %')).toBeInTheDocument();
    expect(screen.getByText('7 von 8')).toBeInTheDocument();
    expect(screen.getByText('2,5 %')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Geld speichern' })).toBeInTheDocument();
    expect(screen.getAllByLabelText('Normalerweise')[0]).toHaveDisplayValue('Empfänger warnen');
  });
});
