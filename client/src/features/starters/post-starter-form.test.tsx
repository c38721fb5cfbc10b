import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRouter, memoryHistory, renderWithProviders } from '../../test/render';
import { PostStarterForm } from './post-starter-form';
import { aMember, aStarter } from '../../test/fixtures';
import { readDraft } from '../../lib/drafts';

afterEach(() => vi.unstubAllGlobals());

function watchUploads() {
  const opened = vi.fn();
  class FakeXhr {
    upload = {};
    open = opened;
    send = vi.fn();
    setRequestHeader = vi.fn();
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return opened;
}

describe('PostStarterForm', () => {
  it('enables the type after a category, fills the specific type, and resets on a new category', async () => {
    watchUploads();
    renderWithProviders(<PostStarterForm />);
    const type = screen.getByLabelText('Starter Type');
    expect(type).toBeDisabled();
    expect(screen.queryByLabelText('Specific Type (if different from above)')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'grain');
    expect(type).toBeEnabled();
    expect(Array.from((type as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      'Select a starter type',
      'Sourdough starter',
      'Injera starter',
      'Idli starter',
      'Dosa starter',
      'Other',
    ]);
    await userEvent.selectOptions(type, 'injera');
    expect(screen.getByLabelText('Specific Type (if different from above)')).toHaveValue(
      'Injera starter',
    );

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'dairy');
    expect(type).toHaveValue('');
    expect(screen.queryByLabelText('Specific Type (if different from above)')).toBeNull();
  });

  it("shows the spec's messages and sends nothing when fields are missing", async () => {
    const opened = watchUploads();
    renderWithProviders(<PostStarterForm />);
    await userEvent.type(screen.getByLabelText('Description'), 'too short');
    await userEvent.click(screen.getByRole('button', { name: 'Post Starter' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Description must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();
    expect(screen.getByText('Location is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    // The first invalid field on screen takes focus, not the first one registered.
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(opened).not.toHaveBeenCalled();
  });

  it('refuses a photo over 5MB before any upload and previews an accepted one', async () => {
    watchUploads();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    );
    renderWithProviders(<PostStarterForm />);
    const input = screen.getByLabelText('Photo');
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', {
      type: 'image/jpeg',
    });
    await userEvent.upload(input, huge);
    expect(await screen.findByText('Photo must be 5MB or smaller')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();

    const small = new File([new Uint8Array(2000)], 'kefir.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, small);
    await waitFor(() =>
      expect(
        screen.getByRole('img', { name: 'Your starter, as it will be shown' }),
      ).toHaveAttribute('src', 'blob:preview'),
    );
    expect(screen.queryByText('Photo must be 5MB or smaller')).toBeNull();
  });

  it('shows no broken preview for a file the browser cannot show', async () => {
    watchUploads();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:odd', revokeObjectURL: () => {} }),
    );
    renderWithProviders(<PostStarterForm />);
    const odd = new File([new Uint8Array(2000)], 'scan.heic', { type: 'image/heic' });
    await userEvent.upload(screen.getByLabelText('Photo'), odd);
    const img = await screen.findByRole('img', { name: 'Your starter, as it will be shown' });
    fireEvent.error(img);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('asks before leaving with typed text, and stays when asked to', async () => {
    const { history } = renderPostAt();
    await userEvent.type(screen.getByLabelText('Title'), 'Lively kefir');
    act(() => history.push('/browse'));
    const ask = await screen.findByRole('alertdialog', { name: 'Leave this page?' });
    expect(ask).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(history.location.pathname).toBe('/post');
    expect(screen.getByLabelText('Title')).toHaveValue('Lively kefir');
    act(() => history.push('/browse'));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(history.location.pathname).toBe('/browse'));
    expect(await screen.findByText('Browse')).toBeInTheDocument();
  });

  it('asks before Back takes the member away, and keeps the page and its address', async () => {
    const { history } = renderPostAt('/browse');
    await userEvent.type(screen.getByLabelText('Title'), 'Lively kefir');
    act(() => history.go(-1));
    await screen.findByRole('alertdialog', { name: 'Leave this page?' });
    expect(history.location.pathname).toBe('/post');
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Lively kefir');
    act(() => history.go(-1));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Browse')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/browse');
  });

  it('leaves without asking when nothing was typed', async () => {
    const { history } = renderPostAt();
    act(() => history.push('/browse'));
    expect(history.location.pathname).toBe('/browse');
    expect(await screen.findByText('Browse')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

/** The form at /post; with `from`, the member came to it from that page (Back returns there). */
function renderPostAt(from?: string) {
  const history = memoryHistory(from ?? '/post');
  if (from) history.push('/post');
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppRouter
        history={history}
        routes={[
          { path: '/post', element: <PostStarterForm /> },
          { path: '/browse', element: <p>Browse</p> },
        ]}
      />
    </QueryClientProvider>,
  );
  return { history };
}

/** An XMLHttpRequest that answers every request with `status` and `body` once it is sent. */
function answerUploads(status: number, body: unknown) {
  const sent: FormData[] = [];
  class FakeXhr {
    upload = {};
    status = status;
    statusText = '';
    responseText = JSON.stringify(body);
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open = vi.fn();
    setRequestHeader = vi.fn();
    send(form: FormData) {
      sent.push(form);
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

/** The form at /post for a signed-in member, with a starter page to land on. */
function renderSignedInPost(member = aMember({ id: 'poster-1', location: 'Leeds, UK' })) {
  const history = memoryHistory('/post');
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <AppRouter
        history={history}
        routes={[
          {
            path: '/post',
            element: (
              <PostStarterForm prefill={{ location: member.location ?? '' }} draftOf={member.id} />
            ),
          },
          { path: '/starter/:id', element: <p>The new listing</p> },
          { path: '/browse', element: <p>Browse</p> },
        ]}
      />
    </QueryClientProvider>,
  );
  return { history, ...view };
}

async function fillRequired() {
  await userEvent.type(screen.getByLabelText('Title'), 'Lively kefir grains');
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'dairy');
  await userEvent.selectOptions(screen.getByLabelText('Starter Type'), 'kefir');
  await userEvent.type(
    screen.getByLabelText('Description'),
    'Plump grains, fed whole milk every morning.',
  );
}

describe('posting on /post', () => {
  afterEach(() => sessionStorage.clear());

  it('asks for the photo first, then what a listing needs, with the optional parts folded', async () => {
    renderSignedInPost();
    const order = [
      screen.getByLabelText('Photo'),
      screen.getByLabelText('Title'),
      screen.getByLabelText('Category'),
      screen.getByLabelText('Description'),
      screen.getByLabelText('Location'),
    ];
    for (let i = 1; i < order.length; i++)
      expect(
        order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    // The member's place from their profile.
    expect(screen.getByLabelText('Location')).toHaveValue('Leeds, UK');
    // The optional parts wait behind one disclosure.
    const more = screen.getByText('More Details (optional)');
    expect(more.tagName).toBe('SUMMARY');
    expect(screen.getByLabelText('Last fed (optional)')).not.toBeVisible();
    expect(screen.getByLabelText('Additional Details')).not.toBeVisible();
    await userEvent.click(more);
    expect(screen.getByLabelText('Last fed (optional)')).toBeVisible();
  });

  it('lands on the new listing once posted, and forgets the draft', async () => {
    const sent = answerUploads(201, aStarter({ id: 77, title: 'Lively kefir grains' }));
    const { history } = renderSignedInPost();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Post Starter' }));
    await waitFor(() => expect(history.location.pathname).toBe('/starter/77'));
    expect(await screen.findByText('The new listing')).toBeInTheDocument();
    expect(sent[0]!.get('location')).toBe('Leeds, UK');
    expect(readDraft('poster-1', 'post-starter')).toBe('');
  });

  it('keeps everything typed through a failed post, and brings it back on a new visit', async () => {
    answerUploads(500, { message: 'Something went wrong' });
    const first = renderSignedInPost();
    await fillRequired();
    await userEvent.clear(screen.getByLabelText('Location'));
    await userEvent.type(screen.getByLabelText('Location'), 'Otley');
    await userEvent.click(screen.getByRole('button', { name: 'Post Starter' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Post Starter' })).toBeEnabled());
    expect(first.history.location.pathname).toBe('/post');
    expect(screen.getByLabelText('Title')).toHaveValue('Lively kefir grains');
    first.unmount();

    // The tab reloaded, or the member came back later: what they typed is still there.
    renderSignedInPost();
    expect(screen.getByLabelText('Title')).toHaveValue('Lively kefir grains');
    expect(screen.getByLabelText('Category')).toHaveValue('dairy');
    expect(screen.getByLabelText('Starter Type')).toHaveValue('kefir');
    expect(screen.getByLabelText('Description')).toHaveValue(
      'Plump grains, fed whole milk every morning.',
    );
    expect(screen.getByLabelText('Location')).toHaveValue('Otley');
  });
});
