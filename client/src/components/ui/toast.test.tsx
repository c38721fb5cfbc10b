import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster, toast, toastError } from './toast';

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the one showing', () => {
    render(<Toaster />);
    act(() => toast({ title: 'Success!', description: 'Starter updated successfully.' }));
    expect(screen.getByText('Starter updated successfully.')).toBeInTheDocument();
    act(() => toastError('Failed to delete starter'));
    expect(screen.queryByText('Starter updated successfully.')).not.toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to delete starter')).toBeInTheDocument();
  });

  it('offers the F8 shortcut to reach notifications', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
  });
});
