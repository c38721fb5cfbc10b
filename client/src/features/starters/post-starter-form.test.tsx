import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRouter, memoryHistory, renderWithProviders } from '../../test/render';
import { PostStarterForm } from './post-starter-form';

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
