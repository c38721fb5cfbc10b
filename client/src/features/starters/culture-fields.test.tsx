import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PostStarterForm } from './post-starter-form';

afterEach(() => vi.unstubAllGlobals());

/** Captures what the form would upload; answers with `status`. */
function watchUploads(status = 201, body: unknown = { id: 1 }) {
  const sent: FormData[] = [];
  class FakeXhr {
    upload = {};
    status = status;
    responseText = JSON.stringify(body);
    onload: (() => void) | null = null;
    open = vi.fn();
    setRequestHeader = vi.fn();
    send = (form: FormData) => {
      sent.push(form);
      setTimeout(() => this.onload?.(), 0);
    };
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

async function fillRequired(category: string, subcategory: string) {
  await userEvent.type(screen.getByLabelText('Title'), 'Lively rye sourdough');
  await userEvent.selectOptions(screen.getByLabelText('Category'), category);
  await userEvent.selectOptions(screen.getByLabelText('Starter Type'), subcategory);
  await userEvent.type(screen.getByLabelText('Description'), 'A happy rye starter, fed daily.');
  await userEvent.type(screen.getByLabelText('Location'), 'Leeds, UK');
}

describe('the culture fields of the post form', () => {
  it('sends the form, last fed and care notes of an active culture', async () => {
    const sent = watchUploads();
    renderWithProviders(<PostStarterForm />);
    await fillRequired('grain', 'sourdough');
    expect(screen.getByRole('radio', { name: 'Active (alive and feeding)' })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Last fed (optional)'), '2026-01-10');
    const notes = screen.getByLabelText('Your care notes (optional)');
    expect(notes).toHaveAttribute(
      'placeholder',
      expect.stringMatching(/^Your flour, your schedule/),
    );
    await userEvent.type(notes, 'Rye flour, fed at 8 am.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Starter' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('form')).toBe('active');
    expect(sent[0]!.get('lastFedAt')).toBe('2026-01-10');
    expect(sent[0]!.get('careNotes')).toBe('Rye flour, fed at 8 am.');
  });

  it('suggests spores for a spore type, and asks "last fed" only of an active culture', async () => {
    const sent = watchUploads();
    renderWithProviders(<PostStarterForm />);
    await fillRequired('legume', 'tempeh');
    expect(screen.getByRole('radio', { name: 'Spores' })).toBeChecked();
    expect(screen.queryByLabelText('Last fed (optional)')).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'Active (alive and feeding)' }));
    await userEvent.type(screen.getByLabelText('Last fed (optional)'), '2026-01-10');
    await userEvent.click(screen.getByRole('radio', { name: 'Dried' }));
    expect(screen.queryByLabelText('Last fed (optional)')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Post Starter' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('form')).toBe('dried');
    expect(sent[0]!.get('lastFedAt')).toBeNull();
  });

  it('keeps every answer when the server refuses the post', async () => {
    const sent = watchUploads(400, {
      message: 'Care notes must be at most 2000 characters',
      fields: { careNotes: 'Care notes must be at most 2000 characters' },
    });
    renderWithProviders(<PostStarterForm />);
    await fillRequired('grain', 'sourdough');
    await userEvent.type(screen.getByLabelText('Your care notes (optional)'), 'Rye, twice a day.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Starter' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(
      await screen.findAllByText('Care notes must be at most 2000 characters'),
    ).not.toHaveLength(0);
    expect(screen.getByLabelText('Your care notes (optional)')).toHaveValue('Rye, twice a day.');
    expect(screen.getByLabelText('Title')).toHaveValue('Lively rye sourdough');
  });
});
