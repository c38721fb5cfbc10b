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

  it('leaves the family tree out of a brand-new listing, even for its owner, until a kitchen is reached', async () => {
    // Listing 8 is brand new; listing 9's family has reached one kitchen.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        jsonResponse({ ancestors: [], descendants: [], kitchens: url.includes('/9/') ? 1 : 0 }),
      ),
    );
    renderWithProviders(
      <>
        <FamilyLinks starter={aStarter({ id: 8 })} isOwner={true} />
        <FamilyLinks starter={aStarter({ id: 9 })} isOwner={true} />
      </>,
    );
    expect(
      await screen.findByRole('link', { name: 'Family tree · 1 kitchen reached' }),
    ).toHaveAttribute('href', '/starter/9/family');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByText(/0 kitchens/)).toBeNull();
  });

  it('still names the parent when the family has reached no kitchen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ...lineage, kitchens: 0 })),
    );
    renderWithProviders(<FamilyLinks starter={aStarter({ id: 8, parentId: 7 })} isOwner={false} />);
    expect(
      await screen.findByRole('link', { name: 'Rye sourdough, fed daily, at 360 px' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Family tree/ })).toBeNull();
  });
});
