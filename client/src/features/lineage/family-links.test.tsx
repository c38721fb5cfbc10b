import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStarter, jsonResponse } from '../../test/fixtures';
import { renderWithProviders, showIn } from '../../test/render';
import { FamilyLinks } from './family-links';

const lineage = {
  ancestors: [{ id: 7, title: 'Rye sourdough, fed daily, at 360 px', location: 'Leeds, UK' }],
  descendants: [],
  kitchens: 2,
};

afterEach(() => vi.unstubAllGlobals());

describe('family links', () => {
  it('names the parent listing in its link, in English and in German', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(lineage)),
    );
    renderWithProviders(<FamilyLinks starter={aStarter({ id: 8, parentId: 7 })} isOwner={false} />);
    const link = await screen.findByRole('link', { name: 'Rye sourdough, fed daily, at 360 px' });
    expect(link).toHaveAttribute('href', '/starter/7');
    expect(link.closest('p')).toHaveTextContent(
      'Descends from Rye sourdough, fed daily, at 360 px',
    );
    await showIn('de');
    expect(
      await screen.findByRole('link', { name: 'Rye sourdough, fed daily, at 360 px' }),
    ).toHaveAttribute('href', '/starter/7');
  });
});
