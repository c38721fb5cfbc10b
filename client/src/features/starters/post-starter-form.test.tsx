import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
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
});
