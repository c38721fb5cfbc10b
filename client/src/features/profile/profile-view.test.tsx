import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toast';
import { renderWithProviders } from '../../test/render';
import { ProfileView } from './profile-view';
import { aMember, jsonResponse } from '../../test/fixtures';

const member = aMember({
  id: 'u1',
  username: null,
  lastName: 'Baker',
  isModerator: true,
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
});

const json = jsonResponse;

function serve(patch: (body: Record<string, unknown>) => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH' && url === '/api/users/profile') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return patch(body);
      }
      if (url === '/api/auth/user') return json(member);
      return json({ message: 'Not found' }, 404);
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('ProfileView', () => {
  it('shows initials, name, the Moderator badge, when they joined and unset details', () => {
    serve(() => json(member));
    renderWithProviders(<ProfileView user={member} myStarters={<p>my starters here</p>} />);
    expect(screen.getByRole('heading', { name: 'Fern' })).toBeInTheDocument();
    expect(screen.getByText('FB')).toBeInTheDocument();
    expect(screen.getByText('Moderator')).toBeInTheDocument();
    expect(screen.getByText('Joined about 3 hours ago')).toBeInTheDocument();
    expect(screen.getAllByText('Not set')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
    expect(screen.getByText('my starters here')).toBeInTheDocument();
  });

  it("opens on the member's listings, before their details, with the account's settings a link away", () => {
    serve(() => json(member));
    renderWithProviders(<ProfileView user={member} myStarters={<p>my starters here</p>} />);
    const listings = screen.getByText('my starters here');
    const details = screen.getByRole('button', { name: 'Edit Profile' });
    expect(
      listings.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(screen.queryByRole('heading', { name: 'Change password' })).toBeNull();
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('shows Activity Coming Soon on the Activity tab', async () => {
    serve(() => json(member));
    renderWithProviders(<ProfileView user={member} myStarters={<p>my starters here</p>} />);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText('Activity Coming Soon')).toBeInTheDocument();
  });

  it('saves the edit, toasts and returns to view mode', async () => {
    const sent = serve((body) => json({ ...member, ...body }));
    renderWithProviders(
      <>
        <ProfileView user={member} myStarters={<p>my starters here</p>} />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Username'), 'fern_b');
    await user.type(screen.getByLabelText('Location'), 'Leeds, UK');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been updated.')).toBeInTheDocument();
    expect(sent).toEqual([{ username: 'fern_b', location: 'Leeds, UK', contactInfo: null }]);
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('shows a taken username under the field and stays in edit mode', async () => {
    serve(() =>
      json(
        {
          message: 'That username is already taken',
          code: 'conflict',
          fields: { username: 'That username is already taken' },
        },
        409,
      ),
    );
    renderWithProviders(
      <>
        <ProfileView user={member} myStarters={<p>my starters here</p>} />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.type(screen.getByLabelText('Username'), 'taken');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const field = await screen.findByLabelText('Username');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById('profile-username-error')).toHaveTextContent(
      'That username is already taken',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});
