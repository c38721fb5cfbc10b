import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StandingOfferView } from '../../../../common/conversations/standing-offers';
import { i18n, loadLanguage } from '../../lib/i18n';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { StandingOfferSection } from './standing-offer-section';

afterEach(() => vi.unstubAllGlobals());

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** fetch answered from a route table; anything else is 404. Records every call. */
function fakeServer(routes: Record<string, (call: Call) => unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const route = routes[`${method} ${url}`];
      if (!route) return jsonResponse({ message: 'Not found' }, 404);
      const answer = route(call);
      if (answer instanceof Response) return answer;
      if (answer === undefined) return new Response(null, { status: 204 });
      return jsonResponse(answer);
    }),
  );
  return calls;
}

const me = { id: 'u1', username: 'milo', firstName: 'Milo', lastName: 'N', email: 'm@x.test' };
const offer = {
  batchSize: 2,
  cadenceDays: 7,
  answerHours: 48,
  limitWeeks: 4,
  mode: 'longest_waiting' as const,
  paused: false,
  round: 1,
  nextRoundAt: '2030-01-08T10:00:00.000Z',
  lastRoundAt: '2030-01-01T10:00:00.000Z',
};
const view = (over: Partial<StandingOfferView>): StandingOfferView => ({
  starterId: 7,
  isGiver: false,
  offer,
  queueLength: 4,
  me: null,
  offers: null,
  ...over,
});
const memberState = (over: Partial<NonNullable<StandingOfferView['me']>>) => ({
  place: null,
  joinedAt: null,
  eligibleFrom: null,
  pendingOffer: null,
  reserved: null,
  cannotJoin: null,
  ...over,
});

describe('StandingOfferSection', () => {
  it('tells a member their place in line and lets them leave it', async () => {
    const calls = fakeServer({
      'GET /api/auth/user': () => me,
      'GET /api/starters/7/standing-offer': () =>
        view({ me: memberState({ place: 3, joinedAt: '2030-01-01T00:00:00.000Z' }) }),
      'DELETE /api/starters/7/waitlist': () => undefined,
    });
    renderWithProviders(<StandingOfferSection starterId={7} />);
    const section = await screen.findByRole('region', { name: 'Standing offer' });
    expect(await within(section).findByText("You're 3rd in line")).toBeInTheDocument();
    expect(section).toHaveTextContent('2 portions every 7 days · longest waiting first');
    // When the next round comes, in the reader's own words and zone.
    expect(section).toHaveTextContent(
      `Next round: ${new Date('2030-01-08T10:00:00.000Z').toLocaleString(undefined, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
      })}`,
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Leave the waitlist' }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/starters/7/waitlist')).toBe(
        true,
      ),
    );
  });

  it('shows an open offer with its answer time, and accepts it', async () => {
    const calls = fakeServer({
      'GET /api/auth/user': () => me,
      'GET /api/starters/7/standing-offer': () =>
        view({
          me: memberState({
            place: 1,
            pendingOffer: {
              id: 11,
              round: 1,
              status: 'pending',
              offeredAt: '2030-01-01T10:00:00.000Z',
              answerBy: '2030-01-03T10:00:00.000Z',
              answeredAt: null,
            },
          }),
        }),
      'POST /api/standing-offers/offers/11/accept': () => jsonResponse({ reservationId: 5 }, 201),
    });
    renderWithProviders(<StandingOfferSection starterId={7} />);
    const offerBox = await screen.findByRole('region', { name: 'Your offer' });
    expect(offerBox).toHaveTextContent('Answer by');
    expect(within(offerBox).queryByRole('button', { name: 'Leave the waitlist' })).toBeNull();
    await userEvent.click(within(offerBox).getByRole('button', { name: 'Accept' }));
    await vi.waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(
        'POST /api/standing-offers/offers/11/accept',
      ),
    );
  });

  it('after Accept, the card says what happens next and leads to the conversation', async () => {
    let accepted = false;
    fakeServer({
      'GET /api/auth/user': () => me,
      'GET /api/starters/7/standing-offer': () =>
        view({
          me: accepted
            ? memberState({
                reserved: {
                  reservationId: 5,
                  giverId: 'giver-1',
                  acceptedAt: '2030-01-02T10:00:00.000Z',
                },
              })
            : memberState({
                place: 1,
                pendingOffer: {
                  id: 11,
                  round: 1,
                  status: 'pending',
                  offeredAt: '2030-01-01T10:00:00.000Z',
                  answerBy: '2030-01-03T10:00:00.000Z',
                  answeredAt: null,
                },
              }),
        }),
      'POST /api/standing-offers/offers/11/accept': () => {
        accepted = true;
        return jsonResponse({ reservationId: 5 }, 201);
      },
    });
    renderWithProviders(<StandingOfferSection starterId={7} />);
    const offerBox = await screen.findByRole('region', { name: 'Your offer' });
    await userEvent.click(within(offerBox).getByRole('button', { name: 'Accept' }));
    const next = await screen.findByRole('region', { name: 'Reserved for you' });
    expect(next).toHaveTextContent('What happens next: arrange the pickup with the giver');
    expect(within(next).getByRole('link', { name: 'Open the Conversation' })).toHaveAttribute(
      'href',
      '/messages?starter=7&with=giver-1',
    );
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
  });

  it('lets the giver set one up, checked by the shared schema before sending', async () => {
    const calls = fakeServer({
      'GET /api/auth/user': () => me,
      'GET /api/starters/7/standing-offer': () =>
        view({ isGiver: true, offer: null, queueLength: 0 }),
      'POST /api/starters/7/standing-offer': () => view({ isGiver: true, offers: [] }),
    });
    renderWithProviders(<StandingOfferSection starterId={7} />);
    const section = await screen.findByRole('region', { name: 'Standing offer' });
    await userEvent.click(within(section).getByRole('button', { name: 'Set up a standing offer' }));
    const batch = within(section).getByLabelText('Portions per round');
    await userEvent.clear(batch);
    await userEvent.type(batch, '0');
    await userEvent.click(
      within(section).getByRole('button', { name: 'Start the standing offer' }),
    );
    expect(await within(section).findByText(/Offer between 1 and 10 portions/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.clear(batch);
    await userEvent.type(batch, '3');
    await userEvent.click(
      within(section).getByRole('button', { name: 'Start the standing offer' }),
    );
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        batchSize: 3,
        cadenceDays: 7,
        answerHours: 48,
        limitWeeks: 4,
        mode: 'longest_waiting',
      }),
    );
  });

  it('shows nothing for a starter without one, and says when loading failed', async () => {
    fakeServer({
      'GET /api/auth/user': () => me,
      'GET /api/starters/7/standing-offer': () => view({ offer: null, queueLength: 0 }),
      'GET /api/starters/8/standing-offer': () => jsonResponse({ message: 'Boom' }, 500),
    });
    const { unmount } = renderWithProviders(<StandingOfferSection starterId={7} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Standing offer' })).toBeNull();
    unmount();
    renderWithProviders(<StandingOfferSection starterId={8} />);
    expect(
      await screen.findByText('Failed to load the standing offer', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the standing offer in the page’s language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('tells a member their place, the terms and the next round in Spanish', async () => {
    await loadLanguage('es');
    await i18n.changeLanguage('es');
    fakeServer({
      'GET /api/auth/user': () => me,
      'GET /api/starters/7/standing-offer': () =>
        view({ me: memberState({ place: 3, joinedAt: '2030-01-01T00:00:00.000Z' }) }),
    });
    renderWithProviders(<StandingOfferSection starterId={7} />);
    const section = await screen.findByRole('region', { name: 'Oferta permanente' });
    expect(await within(section).findByText('Eres el número 3 de la fila')).toBeInTheDocument();
    expect(section).toHaveTextContent(
      '2 porciones cada 7 días · primero quien más lleva esperando · responder en 48 horas · una porción por persona cada 4 semanas',
    );
    expect(section).toHaveTextContent('· 4 personas esperando');
    // The date in Spanish, in the reader's own zone.
    const when = new Date('2030-01-08T10:00:00.000Z').toLocaleString('es-ES', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(when).toMatch(/martes/);
    expect(section).toHaveTextContent(`Próxima ronda: ${when}`);
    expect(
      within(section).getByRole('button', { name: 'Salir de la lista de espera' }),
    ).toBeInTheDocument();
  });

  it('shows the giver’s panel in French, and English again after', async () => {
    await loadLanguage('fr');
    await i18n.changeLanguage('fr');
    fakeServer({
      'GET /api/auth/user': () => me,
      'GET /api/starters/7/standing-offer': () =>
        view({ isGiver: true, offer: { ...offer, paused: true }, offers: [] }),
    });
    const { unmount } = renderWithProviders(<StandingOfferSection starterId={7} />);
    const section = await screen.findByRole('region', { name: 'Offre permanente' });
    expect(section).toHaveTextContent('4 membres en attente · en pause');
    expect(within(section).getByRole('button', { name: 'Reprendre' })).toBeInTheDocument();
    expect(
      within(section).getByText('Aucune portion n’a encore été proposée.'),
    ).toBeInTheDocument();
    unmount();

    await i18n.changeLanguage('en');
    renderWithProviders(<StandingOfferSection starterId={7} />);
    const english = await screen.findByRole('region', { name: 'Standing offer' });
    expect(english).toHaveTextContent('4 members waiting · paused');
    expect(within(english).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });
});
