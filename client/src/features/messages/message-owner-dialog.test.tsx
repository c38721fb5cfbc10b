import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../common/members/users';
import { Toaster } from '../../components/ui/toast';
import { renderWithProviders } from '../../test/render';
import { MessageOwnerDialog } from './message-owner-dialog';
import { aStarter, aMember, jsonResponse } from '../../test/fixtures';

const owner = {
  id: 'owner-1',
  username: null,
  firstName: 'Olive',
  lastName: 'Owner',
  profileImageUrl: null,
};

const starter = aStarter({
  userId: owner.id,
  title: 'Bubbly water kefir grains',
  description: 'Fed with sugar water every two days.',
  category: 'beverage',
  subcategory: 'waterKefir',
  starterType: 'Water kefir grains',
  user: owner,
});

const me = aMember();

const json = jsonResponse;

/** Serves the current user and answers POST /api/messages with `sendResult`. */
function serve(user: CurrentUser | null, sendResult: () => Response) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/user') return user ? json(user) : json({ message: 'x' }, 401);
      if (url === '/api/messages' && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return sendResult();
      }
      return json([]);
    }),
  );
  return posts;
}

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'dialog open' : 'dialog closed'}</p>
      <MessageOwnerDialog
        starter={starter}
        open={open}
        onOpenChange={setOpen}
        summary={
          <>
            <p>Summary of {starter.title}</p>
            {/* A control before the message box, as the page's summary may have. */}
            <button type="button">Owner details</button>
          </>
        }
        signInChoices={<a href="/login?next=%2Fstarter%2F1">Sign In</a>}
        unconfirmedNotice={<p>Confirm your email to send messages</p>}
      />
      <Toaster />
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  // Drafts are kept per member: one test's text must not open the next one's dialog.
  sessionStorage.clear();
});

describe('Message Starter Owner dialog', () => {
  it('summarises the starter and counts characters as they are typed', async () => {
    serve(me, () => json({}, 201));
    renderWithProviders(<Harness />);
    const box = await screen.findByLabelText('Message');
    expect(screen.getByText('Summary of Bubbly water kefir grains')).toBeInTheDocument();
    expect(screen.getByText(/Be specific about pickup times and location/)).toBeInTheDocument();
    expect(screen.getByText('0/500')).toBeInTheDocument();
    await userEvent.type(box, 'Hello');
    expect(screen.getByText('5/500')).toBeInTheDocument();
  });

  it('refuses blank and over-long messages without sending', async () => {
    const posts = serve(me, () => json({}, 201));
    renderWithProviders(<Harness />);
    const box = await screen.findByLabelText('Message');
    await userEvent.type(box, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message cannot be empty')).toBeInTheDocument();

    await userEvent.clear(box);
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(501));
    expect(screen.getByText('501/500')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message too long')).toBeInTheDocument();
    expect(posts).toEqual([]);
    expect(screen.getByText('dialog open')).toBeInTheDocument();
  });

  it('sends the trimmed text to the owner, closes and confirms with a toast', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const posts = serve(me, () => json({ id: 1 }, 201));
    renderWithProviders(<Harness />);
    const box = await screen.findByLabelText('Message');
    await userEvent.type(box, '  Could I collect on Sunday?  ');
    vi.mocked(fetch).mockImplementationOnce(async (_url, init) => {
      posts.push(JSON.parse(String(init?.body)));
      await held;
      return json({ id: 1 }, 201);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    expect(screen.getByText('Your message has been sent to the starter owner.')).toBeVisible();
    // A way on to the conversation the message started.
    expect(screen.getByRole('button', { name: 'Open the conversation' })).toBeVisible();
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
    expect(posts).toEqual([
      { starterId: 42, receiverId: 'owner-1', content: 'Could I collect on Sunday?' },
    ]);
  });

  it('stays open with the text when sending fails, showing the server message', async () => {
    serve(me, () => json({ message: 'This starter has already been claimed' }, 409));
    renderWithProviders(<Harness />);
    const box = await screen.findByLabelText('Message');
    await userEvent.type(box, 'Is it still there?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('This starter has already been claimed')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('dialog open')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('Is it still there?');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled());
  });

  it('opens with focus in the message box, not on a control of the summary', async () => {
    serve(me, () => json({}, 201));
    renderWithProviders(<Harness />);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(box).toHaveFocus());
    await userEvent.keyboard('Hello');
    expect(box).toHaveValue('Hello');
  });

  it('tells a member who has not confirmed their address before they type', async () => {
    const posts = serve({ ...me, emailVerified: false }, () => json({}, 201));
    renderWithProviders(<Harness />);
    expect(await screen.findByText('Confirm your email to send messages')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeDisabled();
    expect(posts).toEqual([]);
  });

  it('asks signed-out visitors to sign in instead', async () => {
    const posts = serve(null, () => json({}, 201));
    renderWithProviders(<Harness />);
    expect(await screen.findByText('Sign In Required')).toBeInTheDocument();
    expect(
      screen.getByText('You need to sign in to message other community members.'),
    ).toBeInTheDocument();
    // The page's way in, not the external provider's /api/login.
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/login?next=%2Fstarter%2F1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('keeps a closed draft for this member until they come back, and forgets it once sent', async () => {
    sessionStorage.clear();
    serve(me, () => json({}, 201));
    const first = renderWithProviders(<Harness />);
    await userEvent.type(await screen.findByLabelText('Message'), 'Saturday morning?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
    first.unmount();

    renderWithProviders(<Harness />);
    const box = await screen.findByLabelText('Message');
    await waitFor(() => expect(box).toHaveValue('Saturday morning?'));
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('dialog closed')).toBeInTheDocument();
    expect(Object.values({ ...sessionStorage })).not.toContain('Saturday morning?');
  });

  it('closes on Escape even while an error toast shows', async () => {
    serve(me, () => json({ message: 'Something went wrong' }, 500));
    renderWithProviders(<Harness />);
    await userEvent.type(await screen.findByLabelText('Message'), 'Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByText('dialog closed')).toBeInTheDocument());
  });
});
