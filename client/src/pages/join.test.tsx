import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import JoinPage from './join';

function CurrentPath() {
  return <output aria-label="current path">{useLocation().pathname}</output>;
}

function renderJoin() {
  return renderWithProviders(
    <>
      <JoinPage />
      <CurrentPath />
    </>,
    { path: '/join' },
  );
}

describe('the join page', () => {
  it('keeps "I Agree - Create Account" disabled until the terms box is ticked', async () => {
    const user = userEvent.setup();
    renderJoin();
    const agree = screen.getByRole('button', { name: 'I Agree - Create Account' });
    const box = screen.getByRole('checkbox', { name: /I have read and agree/ });
    expect(agree).toBeDisabled();
    expect(box).not.toBeChecked();

    await user.click(box);
    expect(box).toBeChecked();
    expect(agree).toBeEnabled();

    await user.click(box);
    expect(agree).toBeDisabled();
  });

  it('lets the label tick the box too', async () => {
    const user = userEvent.setup();
    renderJoin();
    await user.click(screen.getByText(/I have read and agree/));
    expect(screen.getByRole('button', { name: 'I Agree - Create Account' })).toBeEnabled();
  });

  it('goes on to sign-up after agreeing', async () => {
    const user = userEvent.setup();
    renderJoin();
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await user.click(screen.getByRole('button', { name: 'I Agree - Create Account' }));
    expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/signup');
  });

  it('goes back home on decline', async () => {
    const user = userEvent.setup();
    renderJoin();
    await user.click(screen.getByRole('button', { name: 'I Decline - Go Back' }));
    expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent(/^\/$/);
  });

  it('has one main heading and the terms summary', () => {
    renderJoin();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Join the Community');
    expect(screen.getByText(/never sell a starter/)).toBeInTheDocument();
  });

  it("takes its tab title from the page table, as the server's page does", () => {
    renderJoin();
    // The spec names the page by the header's button that leads to it.
    expect(document.title).toBe('Join Community · CultureShare');
  });
});
