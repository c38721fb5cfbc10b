import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aMember, jsonResponse } from '../../test/fixtures';
import { renderWithProviders, showIn } from '../../test/render';
import { AlertButton } from './alert-button';
import { MyAlerts } from './my-alerts';

afterEach(() => vi.unstubAllGlobals());

/** A signed-in member; POST /api/alerts answers `created` and what was sent is kept. */
function signedIn(created: () => Response = () => jsonResponse({ id: 1 }, 201)) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/user') return jsonResponse(aMember());
      if (url === '/api/alerts' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return created();
      }
      if (url === '/api/alerts')
        return jsonResponse({
          timeZone: 'Europe/London',
          alerts: [
            {
              id: 3,
              search: 'rye',
              category: null,
              subcategory: null,
              location: 'Leeds, United Kingdom',
              radiusKm: 16.093,
              frequency: 'daily',
              createdAt: '2026-01-01T00:00:00Z',
              updatedAt: '2026-01-01T00:00:00Z',
            },
          ],
        });
      return jsonResponse({}, 404);
    }),
  );
  return sent;
}

/** The member's choice of units (a browser in en-US reads miles until they choose). */
const reads = (system: 'metric' | 'imperial') => localStorage.setItem('cultureshare:units', system);
const readsMiles = () => reads('imperial');

async function openDialog(path = '/browse?search=kefir') {
  renderWithProviders(<AlertButton />, { path });
  await userEvent.click(await screen.findByRole('button', { name: /Tell me when/ }));
  return screen.findByRole('dialog');
}

describe('the alert dialog', () => {
  it('says it rings the bell too, and mails immediately unless a digest is chosen', async () => {
    reads('metric');
    signedIn();
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent(
      'When a new listing matches, we ring your bell here and email you as often as you choose.',
    );
    expect(screen.getByLabelText('How often')).toHaveValue('immediate');
    expect(screen.getByLabelText('Within (km)')).toHaveValue(10);
  }, 30_000);

  it('says so in Spanish', async () => {
    await showIn('es');
    signedIn();
    renderWithProviders(<AlertButton />, { path: '/browse' });
    await userEvent.click(await screen.findByRole('button', { name: /Avísame/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(/campana/);
    expect(screen.getByLabelText('Con qué frecuencia')).toHaveValue('immediate');
  }, 30_000);

  it('takes the radius in miles from a member who reads miles, and sends it in km', async () => {
    readsMiles();
    const sent = signedIn();
    await openDialog('/browse?near=Leeds&radiusKm=16.093');
    const radius = screen.getByLabelText('Within (mi)');
    expect(radius).toHaveValue(10);
    await userEvent.clear(radius);
    await userEvent.type(radius, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save Alert' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ location: 'Leeds', radiusKm: 40.234, frequency: 'immediate' });
  }, 30_000);

  it('holds a radius past the miles limit in the miles wording, sending nothing', async () => {
    readsMiles();
    const sent = signedIn();
    await openDialog('/browse?near=Leeds');
    const radius = screen.getByLabelText('Within (mi)');
    await userEvent.clear(radius);
    await userEvent.type(radius, '400');
    await userEvent.click(screen.getByRole('button', { name: 'Save Alert' }));
    expect(await screen.findByText('Choose a radius above 0 and up to 310 mi')).toBeVisible();
    expect(radius).toHaveFocus();
    expect(sent).toHaveLength(0);
  }, 30_000);

  it('says a missing place on the place box, focused, and keeps what was typed', async () => {
    const sent = signedIn();
    await openDialog('/browse?search=kefir');
    const place = screen.getByLabelText('Place');
    await userEvent.clear(place);
    await userEvent.click(screen.getByRole('button', { name: 'Save Alert' }));
    expect(await screen.findByText('Choose a place')).toBeVisible();
    expect(place).toHaveFocus();
    expect(place).toHaveAccessibleDescription('Choose a place');
    expect(screen.getByLabelText('Words')).toHaveValue('kefir');
    expect(sent).toHaveLength(0);
  }, 30_000);

  it('puts the server’s word on a place it does not know on the place box', async () => {
    const sent = signedIn(() =>
      jsonResponse(
        { message: 'Bad request', fields: { location: 'Choose a place from the list' } },
        400,
      ),
    );
    await openDialog('/browse?near=Nowhere');
    await userEvent.click(screen.getByRole('button', { name: 'Save Alert' }));
    expect(await screen.findByText('Choose a place from the list')).toBeVisible();
    expect(screen.getByLabelText('Place')).toHaveFocus();
    expect(screen.getByLabelText('Place')).toHaveValue('Nowhere');
    expect(sent).toHaveLength(1);
  }, 30_000);
});

describe('the member’s alerts', () => {
  it('say the radius in km', async () => {
    reads('metric');
    signedIn();
    renderWithProviders(<MyAlerts />);
    expect(await screen.findByText('“rye” within 16.1 km of Leeds, United Kingdom')).toBeVisible();
  }, 30_000);

  it('say the radius in miles to a member who reads miles', async () => {
    readsMiles();
    signedIn();
    renderWithProviders(<MyAlerts />);
    expect(await screen.findByText('“rye” within 10 mi of Leeds, United Kingdom')).toBeVisible();
  }, 30_000);
});
