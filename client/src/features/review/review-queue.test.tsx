import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewItem } from '../../../../common/moderation/review';
import { Toaster } from '../../components/ui/toast';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ReviewQueue } from './review-queue';

afterEach(() => vi.unstubAllGlobals());

const message: ReviewItem = {
  id: 7,
  kind: 'message',
  createdAt: '2026-11-01T10:00:00.000Z',
  split: true,
  title: null,
  text: 'Text me on 0412 345 678',
  codes: ['contact'],
};

function stubServer(items: ReviewItem[]) {
  const posted: Array<{ url: string; body: unknown }> = [];
  let queue = items;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/review') return jsonResponse(queue);
      if (url.startsWith('/api/review/') && init?.method === 'POST') {
        posted.push({ url, body: JSON.parse(String(init.body)) });
        queue = [];
        return jsonResponse({ id: 7, status: 'hidden' });
      }
      return jsonResponse({ message: 'Not found' }, 404);
    }),
  );
  return posted;
}

describe('ReviewQueue', () => {
  it('shows a held message alone and sends the verdict', async () => {
    const posted = stubServer([message]);
    renderWithProviders(
      <>
        <ReviewQueue />
        <Toaster />
      </>,
    );
    expect(await screen.findByText('Text me on 0412 345 678')).toBeVisible();
    expect(screen.getByText('Held message')).toBeVisible();
    expect(screen.getByText(/^Reviewers disagreed/)).toBeVisible();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Hide: Text me on 0412 345 678' }));
    expect(posted).toEqual([{ url: '/api/review/7', body: { verdict: 'hide' } }]);
    expect(await screen.findByText('Hidden.')).toBeVisible();
    expect(await screen.findByText('Nothing waits for review near you.')).toBeVisible();
  });

  it('shows a reported listing with why it was reported', async () => {
    stubServer([
      {
        id: 8,
        kind: 'report',
        createdAt: '2026-11-01T10:00:00.000Z',
        split: false,
        title: 'Milk kefir grains',
        text: 'Fresh grains, collect in Leeds',
        codes: [],
        reason: 'misleading',
      },
    ]);
    renderWithProviders(<ReviewQueue />);
    expect(await screen.findByRole('heading', { name: 'Milk kefir grains' })).toBeVisible();
    expect(screen.getByText('Reported listing')).toBeVisible();
    expect(screen.getByText('Reported for: Misleading Information')).toBeVisible();
    expect(screen.queryByText(/^Held for/)).toBeNull();
  });
});
