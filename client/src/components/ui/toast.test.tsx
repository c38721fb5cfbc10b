import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster, toast, toastError } from './toast';

describe('toasts', () => {
  // First in this file: the view's code has not loaded yet.
  it('shows a toast asked for before its view had loaded', async () => {
    render(<Toaster />);
    act(() => toast({ title: 'Link sent', description: 'Check your inbox.' }));
    expect(await screen.findByText('Check your inbox.')).toBeInTheDocument();
  });

  it('shows one toast at a time: a new one replaces the one showing', async () => {
    render(<Toaster />);
    // The toasts' Radix view loads after the first render (decision 101).
    await screen.findByRole('region', { name: /F8/ });
    act(() => toast({ title: 'Success!', description: 'Starter updated successfully.' }));
    expect(screen.getByText('Starter updated successfully.')).toBeInTheDocument();
    act(() => toastError('Failed to delete starter'));
    expect(screen.queryByText('Starter updated successfully.')).not.toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to delete starter')).toBeInTheDocument();
  });

  it('offers the F8 shortcut to reach notifications', async () => {
    render(<Toaster />);
    expect(await screen.findByRole('region', { name: /F8/ })).toBeInTheDocument();
  });
});
