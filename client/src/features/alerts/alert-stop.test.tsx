import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders, showIn } from '../../test/render';
import { AlertStop } from './alert-stop';

afterEach(() => vi.unstubAllGlobals());

function serveStop() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      jsonResponse({
        description: '“kefir” · Dairy › Kefir grains within 40.234 km of Leeds, United Kingdom',
        alert: {
          search: 'kefir',
          category: 'dairy',
          subcategory: 'kefir',
          location: 'Leeds, United Kingdom',
          radiusKm: 40.234,
        },
      }),
    ),
  );
}

describe('an alert mail’s stop page', () => {
  it('says which alert it stops in the reader’s units', async () => {
    localStorage.setItem('cultureshare:units', 'imperial');
    serveStop();
    renderWithProviders(<AlertStop mailKey={'a'.repeat(32)} id="3" />);
    expect(
      await screen.findByText(
        '“kefir” · Dairy Ferments › Kefir grains within 25 mi of Leeds, United Kingdom',
      ),
    ).toBeVisible();
  });

  it('and language', async () => {
    localStorage.setItem('cultureshare:units', 'metric');
    await showIn('de');
    serveStop();
    renderWithProviders(<AlertStop mailKey={'a'.repeat(32)} id="3" />);
    expect(
      await screen.findByText(/im Umkreis von 40,2 km um Leeds, United Kingdom/),
    ).toBeVisible();
  });
});
