import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ReportsTab } from './reports-tab';

afterEach(() => vi.unstubAllGlobals());

describe('ReportsTab', () => {
  it('says it is loading in a status, and the loading state breaks no ARIA rule', async () => {
    // The reports never arrive: the tab stays in its loading state.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { container } = renderWithProviders(<ReportsTab />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading reports');
    const results = await axe.run(container, {
      runOnly: { type: 'rule', values: ['aria-prohibited-attr', 'aria-allowed-attr'] },
      resultTypes: ['violations'],
    });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
