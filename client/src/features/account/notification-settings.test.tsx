import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NotificationSettings } from './notification-settings';

afterEach(() => vi.unstubAllGlobals());

const settings = {
  messages: 'immediately',
  reservations: 'immediately',
  checkins: 'immediately',
  offers: 'immediately',
  reminders: 'off',
  asks: 'immediately',
};

describe('NotificationSettings', () => {
  it('has a line per kind; a digest only for messages, said where it is missing', async () => {
    const patches: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'PATCH') {
          const body = JSON.parse(String(init.body));
          patches.push(body);
          return jsonResponse({ ...settings, ...body });
        }
        if (url === '/api/users/mail-settings') return jsonResponse(settings);
        return jsonResponse({ message: 'Not found' }, 404);
      }),
    );
    renderWithProviders(<NotificationSettings />);
    const groups = await screen.findAllByRole('radiogroup');
    expect(groups.map((g) => g.getAttribute('aria-labelledby'))).toHaveLength(6);
    const line = (name: RegExp) => screen.getByRole('radiogroup', { name });

    const messages = line(/^Messages/);
    expect(
      within(messages)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['immediately', 'daily', 'off']);
    const checkins = line(/^Check-ins/);
    expect(
      within(checkins)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['immediately', 'off']);
    expect(screen.getAllByText(/No daily digest for these/)).toHaveLength(5);
    expect(
      within(line(/^Your listings and reports/)).getByRole('radio', { name: 'Off' }),
    ).toBeChecked();

    await userEvent.click(within(checkins).getByRole('radio', { name: 'Off' }));
    await vi.waitFor(() => expect(patches).toEqual([{ checkins: 'off' }]));
    await userEvent.click(within(messages).getByRole('radio', { name: 'Daily digest' }));
    await vi.waitFor(() => expect(patches).toEqual([{ checkins: 'off' }, { messages: 'daily' }]));
  }, 20_000);
});
