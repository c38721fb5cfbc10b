import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toast';
import { renderWithProviders } from '../../test/render';
import { ShareStarterButton } from './share-starter';

const starter = { id: 42, title: 'Rye sourdough' };

afterEach(() => {
  vi.unstubAllGlobals();
  // Restores what a test set on the navigator.
  delete (navigator as { share?: unknown }).share;
});

function clipboard(write: (text: string) => Promise<void>) {
  const writeText = vi.fn(write);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

describe('the Share button', () => {
  it("opens the device's share sheet with the listing's address", async () => {
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const writeText = clipboard(async () => {});
    renderWithProviders(<ShareStarterButton starter={starter} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({
      url: `${window.location.origin}/starter/42`,
      title: 'Rye sourdough',
      text: 'Free to a good home: Rye sourdough',
    });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link and says so where the device cannot share', async () => {
    const writeText = clipboard(async () => {});
    renderWithProviders(
      <>
        <ShareStarterButton starter={starter} />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/starter/42`),
    );
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('copies the link when sharing is refused, and stays quiet when the member closes the sheet', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('no activation', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const writeText = clipboard(async () => {});
    renderWithProviders(<ShareStarterButton starter={starter} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));

    share.mockImplementation(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(2));
    expect(writeText).toHaveBeenCalledTimes(1);
  });

  it('shows the link to copy by hand when copying is refused too', async () => {
    clipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    renderWithProviders(
      <>
        <ShareStarterButton starter={starter} />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(
      await screen.findByText(`Copy this link to share it: ${window.location.origin}/starter/42`),
    ).toBeInTheDocument();
  });
});
