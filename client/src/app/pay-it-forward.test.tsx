import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceivedCulture } from '../../../common/lineage';
import { fakeServer } from '../test/fake-server';
import { renderWithProviders } from '../test/render';
import { HANDOVER_NOT_FOUND_NOTICE, PostStarterFromHandover } from './pay-it-forward';

afterEach(() => vi.unstubAllGlobals());

const received: ReceivedCulture = {
  handoverId: 7,
  starterId: 41,
  title: 'Rye sourdough',
  category: 'grain',
  subcategory: 'sourdough',
  starterType: 'Rye sourdough',
  form: 'dried',
  careNotes: 'Feed with dark rye, 1:2:2.',
  giver: { id: 'g1', username: 'anna', firstName: 'Anna', lastName: 'B', profileImageUrl: null },
  confirmedAt: '2026-11-01T10:00:00.000Z',
};

function watchUploads() {
  const sent: FormData[] = [];
  class FakeXhr {
    upload = {};
    open = vi.fn();
    send = (body: FormData) => void sent.push(body);
    setRequestHeader = vi.fn();
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('the post form from a received hand-over', () => {
  it('is filled in from the culture, names it as the parent, and sends its form and notes', async () => {
    fakeServer({
      'GET /api/me/received-cultures/7': () => received,
      'GET /api/me/received-cultures': () => [received],
    });
    const sent = watchUploads();
    renderWithProviders(<PostStarterFromHandover from="7" />);

    expect(await screen.findByText(/Passing on/)).toHaveTextContent(
      'Passing on Rye sourdough from anna',
    );
    expect(screen.getByLabelText('Title')).toHaveValue('Rye sourdough');
    expect(screen.getByLabelText('Category')).toHaveValue('grain');
    expect(screen.getByLabelText('Starter Type', { exact: true })).toHaveValue('sourdough');
    const parent = await screen.findByLabelText('This culture came from…');
    expect(parent).toHaveValue('41');
    expect(within(parent).getByRole('option', { selected: true })).toHaveTextContent(
      'Rye sourdough — from anna',
    );

    await userEvent.type(screen.getByLabelText('Description'), 'Passed on from Anna, lively.');
    await userEvent.type(screen.getByLabelText('Location'), 'York, UK');
    await userEvent.type(screen.getByLabelText('Born (year)'), '1990');
    await userEvent.click(screen.getByRole('button', { name: 'Post Starter' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]!;
    expect(body.get('parentId')).toBe('41');
    expect(body.get('form')).toBe('dried');
    expect(body.getAll('careNotes')).toEqual(['Feed with dark rye, 1:2:2.']);
    expect(body.get('bornYear')).toBe('1990');
    expect(body.get('subcategory')).toBe('sourdough');
  });

  it('opens empty with a polite notice for a hand-over that is not the member’s', async () => {
    fakeServer({ 'GET /api/me/received-cultures': () => [] });
    renderWithProviders(<PostStarterFromHandover from="99" />);
    expect(await screen.findByText(HANDOVER_NOT_FOUND_NOTICE)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.queryByLabelText('This culture came from…')).toBeNull();
  });
});
