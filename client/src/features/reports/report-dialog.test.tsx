import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../common/members/users';
import { Toaster } from '../../components/ui/toast';
import { renderWithProviders } from '../../test/render';
import { ReportDialog } from './report-dialog';
import { aMember, aStarter, jsonResponse } from '../../test/fixtures';

const starter = aStarter({
  user: {
    id: 'owner-1',
    username: 'breadhead',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
  },
});

const member = aMember({ id: 'member-1' });

const json = jsonResponse;

/** A fake server: the current user, and POST /api/reports answered by `onReport`. */
function serve(
  user: CurrentUser | null,
  onReport: (body: unknown) => Response | Promise<Response>,
) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/user')
      return user ? json(user) : json({ message: 'Sign in required' }, 401);
    if (url === '/api/reports' && init?.method === 'POST') {
      return onReport(JSON.parse(String(init.body)));
    }
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

function open(onOpenChange = vi.fn()) {
  renderWithProviders(
    <>
      <ReportDialog
        starter={starter}
        open
        onOpenChange={onOpenChange}
        summary={<p>Summary of {starter.title}</p>}
        signInChoices={<a href="/login?next=%2Fstarter%2F1">Sign In</a>}
      />
      <Toaster />
    </>,
  );
  return onOpenChange;
}

describe('the report dialog', () => {
  it('asks a signed-out visitor to sign in', async () => {
    serve(null, () => json({}, 500));
    open();
    expect(await screen.findByRole('heading', { name: 'Sign In Required' })).toBeInTheDocument();
    expect(screen.getByText('You need to sign in to report posts.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/login?next=%2Fstarter%2F1',
    );
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('shows the starter, the six reasons and the warning; details appear once a reason is chosen', async () => {
    serve(member, () => json({}, 500));
    open();
    expect(await screen.findByRole('heading', { name: 'Report Post' })).toBeInTheDocument();
    expect(screen.getByText('Summary of Bubbly sourdough starter')).toBeInTheDocument();
    const reasons = screen.getAllByRole('radio');
    expect(reasons).toHaveLength(6);
    for (const label of [
      'Inappropriate Content',
      'Spam or Advertising',
      'Safety Concerns',
      'Misleading Information',
      'Violates Community Rules',
      'Other',
    ]) {
      expect(screen.getByRole('radio', { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    }
    expect(
      screen.getByText(
        'False reports may result in account restrictions. Only report content that genuinely violates our community guidelines.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /^Spam or Advertising/ }));
    expect(screen.getByRole('textbox', { name: 'Additional Details' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /^Other/ }));
    expect(screen.getByRole('textbox', { name: 'Additional Details (Required)' })).toBeRequired();
  });

  it('refuses to send without a reason, or without details for Other', async () => {
    const fetchMock = serve(member, () => json({ id: 1, status: 'pending' }, 201));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Report' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a reason');

    await userEvent.click(screen.getByRole('radio', { name: /^Other/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please describe the issue');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/reports')).toBe(false);
  });

  it('sends the report, shows Submitting..., thanks the member and closes', async () => {
    let answer: (r: Response) => void = () => {};
    const sent: unknown[] = [];
    serve(member, (body) => {
      sent.push(body);
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    const onOpenChange = open();
    await userEvent.click(await screen.findByRole('radio', { name: /^Safety Concerns/ }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Additional Details' }),
      'Grey fuzz on top',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(sent).toEqual([{ starterId: 42, reason: 'safety', description: 'Grey fuzz on top' }]);

    answer(json({ id: 7, status: 'pending' }, 201));
    expect(await screen.findByText('Report submitted')).toBeInTheDocument();
    expect(
      screen.getByText("Thank you for helping keep our community safe. We'll review this report."),
    ).toBeInTheDocument();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('shows the server’s message when the report is refused, and stays open', async () => {
    serve(member, () =>
      json({ message: 'You have already reported this starter.', code: 'conflict' }, 409),
    );
    const onOpenChange = open();
    await userEvent.click(await screen.findByRole('radio', { name: /^Misleading Information/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('You have already reported this starter.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Submit Report' })).toBeEnabled();
  });

  it('offers the reasons as one radio group', async () => {
    serve(member, () => json({}, 500));
    open();
    const group = await screen.findByRole('radiogroup', {
      name: 'Why are you reporting this post?',
    });
    expect(within(group).getAllByRole('radio')).toHaveLength(6);
    const spam = within(group).getByRole('radio', { name: /^Spam or Advertising/ });
    await userEvent.click(spam);
    expect(spam).toBeChecked();
    expect(within(group).getByRole('radio', { name: /^Other/ })).not.toBeChecked();
  });
});
