import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { GiveElsewhereDialog } from './give-elsewhere-dialog';
import { fakeServer } from '../../test/fake-server';

afterEach(() => vi.unstubAllGlobals());

describe('GiveElsewhereDialog', () => {
  it('marks one portion given to someone not on CultureShare, then closes', async () => {
    const calls = fakeServer({ 'POST /api/starters/5/handovers': () => ({ id: 1 }) });
    const onOpenChange = vi.fn();
    renderWithProviders(
      <GiveElsewhereDialog starter={{ id: 5, title: 'Kefir' }} open onOpenChange={onOpenChange} />,
    );
    const dialog = screen.getByRole('alertdialog', {
      name: 'Given to someone not on CultureShare?',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Mark given' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ memberId: null });
    expect(dialog).toBeInTheDocument();
  });
});
