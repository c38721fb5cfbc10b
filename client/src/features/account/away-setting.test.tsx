import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../common/members/users';
import { aMember, jsonResponse } from '../../test/fixtures';
import { Toaster } from '../../components/ui/toast';
import { renderWithProviders } from '../../test/render';
import { AwaySetting } from './away-setting';

afterEach(() => vi.unstubAllGlobals());

/** A server that keeps the member's time away as the API does. */
function stubServer(start: Partial<CurrentUser> = {}) {
  let member: CurrentUser = aMember(start);
  const calls: Array<{ method: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/auth/user') return jsonResponse(member);
      if (url === '/api/users/me/away' && method === 'PUT') {
        const body = JSON.parse(String(init!.body)) as { until: string };
        calls.push({ method, body });
        member = { ...member, awayUntil: `${body.until}T00:00:00.000Z` };
        return jsonResponse({ awayUntil: member.awayUntil });
      }
      if (url === '/api/users/me/away' && method === 'DELETE') {
        calls.push({ method });
        const { awayUntil: _gone, ...rest } = member;
        member = rest;
        return new Response(null, { status: 204 });
      }
      return jsonResponse({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

describe('AwaySetting', () => {
  it('sets the day the member is back, shows it, and clears it', async () => {
    const calls = stubServer();
    renderWithProviders(<AwaySetting />);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: "I'm back" })).toBeNull();
    const save = screen.getByRole('button', { name: 'Set away' });
    expect(save).toBeDisabled();

    await user.type(screen.getByLabelText('Back on'), '2027-01-12');
    await user.click(save);
    expect(calls).toEqual([{ method: 'PUT', body: { until: '2027-01-12' } }]);
    // The day in the reader's locale ("Jan 12" in American English).
    expect(await screen.findByRole('status')).toHaveTextContent(/^You're away until Jan 12\.$/);

    await user.click(screen.getByRole('button', { name: "I'm back" }));
    expect(calls.at(-1)).toEqual({ method: 'DELETE' });
    await vi.waitFor(() => expect(screen.queryByText(/You're away until/)).toBeNull());
    expect(screen.queryByRole('button', { name: "I'm back" })).toBeNull();
  });

  it("shows the server's refusal", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        url === '/api/users/me/away' && init?.method === 'PUT'
          ? jsonResponse({ message: "The date you'll be back must be in the future" }, 400)
          : jsonResponse(aMember()),
      ),
    );
    renderWithProviders(
      <>
        <AwaySetting />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Back on'), '2027-01-12');
    await user.click(screen.getByRole('button', { name: 'Set away' }));
    expect(
      await screen.findByText("The date you'll be back must be in the future"),
    ).toBeInTheDocument();
  });
});
