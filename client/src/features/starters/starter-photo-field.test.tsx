import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOO_MANY_PHOTOS } from '../../../../common/listings/starter-photo';
import { showIn } from '../../test/render';
import { StarterPhotoField, type PhotoItem } from './starter-photo-field';

afterEach(() => vi.unstubAllGlobals());

function Harness({ initial = [] }: { initial?: PhotoItem[] }) {
  const [photos, setPhotos] = useState<PhotoItem[]>(initial);
  const [error, setError] = useState<string | undefined>();
  return (
    <StarterPhotoField
      id="photo"
      photos={photos}
      error={error}
      onChange={(next, problem) => {
        setPhotos(next);
        setError(problem);
      }}
    />
  );
}

const file = (name: string) => new File([new Uint8Array(100)], name, { type: 'image/jpeg' });
const sources = () =>
  screen.getAllByRole('img').map((img) => img.getAttribute('src')?.replace('blob:', ''));

describe('StarterPhotoField', () => {
  it('reorders by keyboard; the first photo is the cover and focus follows the photo', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (f: File) => `blob:${f.name}`,
        revokeObjectURL: () => {},
      }),
    );
    render(<Harness />);
    await userEvent.upload(screen.getByLabelText('Photo'), [
      file('a.jpg'),
      file('b.jpg'),
      file('c.jpg'),
    ]);
    await waitFor(() => expect(sources()).toEqual(['a.jpg', 'b.jpg', 'c.jpg']));

    // Tab to "Move photo 3 earlier" and press Enter twice: c becomes the cover.
    const earlier = screen.getByRole('button', { name: 'Move photo 3 earlier' });
    earlier.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(sources()).toEqual(['a.jpg', 'c.jpg', 'b.jpg']));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move photo 2 earlier' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(sources()).toEqual(['c.jpg', 'a.jpg', 'b.jpg']));
    expect(screen.getByRole('img', { name: 'Your starter, as it will be shown' })).toHaveAttribute(
      'src',
      'blob:c.jpg',
    );
    expect(screen.getByText('Cover')).toBeInTheDocument();
    // At the front its Earlier button is off, so focus moves to its Later button.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move photo 1 later' })).toHaveFocus(),
    );
    expect(screen.getByText('Photo moved to position 1, the cover')).toBeInTheDocument();

    await userEvent.keyboard(' ');
    await waitFor(() => expect(sources()).toEqual(['a.jpg', 'c.jpg', 'b.jpg']));

    for (const button of screen.getAllByRole('button')) {
      expect(button.className).toMatch(/size-11/);
    }
  });

  it('takes at most four photos and says so', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
    );
    render(<Harness />);
    await userEvent.upload(
      screen.getByLabelText('Photo'),
      ['1', '2', '3', '4', '5'].map((n) => file(`${n}.jpg`)),
    );
    expect(await screen.findByText(TOO_MANY_PHOTOS)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    // Full: no picker until one is removed.
    expect(screen.queryByLabelText('Photo')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByLabelText('Photo')).toBeInTheDocument();
  });

  it("picks photos with a button in the page's language, never the browser's 'No file chosen'", async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
    );
    await showIn('es');
    render(<Harness />);
    const input = screen.getByLabelText('Foto');
    // The browser's own file control is out of sight: its words are the browser's.
    expect(input).toHaveClass('sr-only');
    const opened = vi.fn();
    input.addEventListener('click', opened);
    await userEvent.click(screen.getByText('Elegir una foto'));
    expect(opened).toHaveBeenCalledTimes(1);
    await userEvent.upload(input, file('a.jpg'));
    expect(await screen.findByText('Añadir otra foto')).toBeVisible();
    expect(screen.queryByText('Elegir una foto')).toBeNull();
  });
});
