import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import NotFoundPage from './not-found';

describe('the 404 page', () => {
  it('names the address no page matches and leads back home', () => {
    renderWithProviders(<NotFoundPage />, { path: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404 Page Not Found');
    expect(screen.getByText(/add the page to the router/)).toHaveTextContent(
      'No route matches /no/such/page.',
    );
    expect(screen.getByRole('link', { name: 'Back to CultureShare' })).toHaveAttribute('href', '/');
  });
});
