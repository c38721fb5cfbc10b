import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PrintLabelsButton } from './jar-labels-dialog';

describe('"Print jar labels" beside a reservation', () => {
  it('opens the labels dialog at one label, for the portion reserved, by keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PrintLabelsButton starterId={5} />);
    const button = screen.getByRole('button', { name: 'Print jar labels' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Print jar labels' });
    expect(within(dialog).getByLabelText('How many labels')).toHaveValue('1');
    expect(within(dialog).getByRole('link', { name: 'Open the labels (PDF)' })).toHaveAttribute(
      'href',
      '/api/starters/5/labels.pdf?count=1',
    );
  });
});
