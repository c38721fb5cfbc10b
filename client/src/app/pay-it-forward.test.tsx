import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceivedCulture } from '../../../common/cultures/lineage';
import { fakeServer } from '../test/fake-server';
import { aMember } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import living from '../../../common/locales/en/living.json';
import { PostStarterFromHandover } from './pay-it-forward';

afterEach(() => vi.unstubAllGlobals());

const received: ReceivedCulture = {
  handoverId: 7,
  starterId: 41,
  title: 'Rye sourdough, fed daily',
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
  it('fills in what is known, asks only what changed, and puts the photo first', async () => {
    fakeServer({
      'GET /api/auth/user': () => aMember({ location: 'York, UK' }),
      'GET /api/me/received-cultures/7': () => received,
      'GET /api/me/received-cultures': () => [received],
    });
    const sent = watchUploads();
    renderWithProviders(<PostStarterFromHandover from="7" />);

    expect(await screen.findByText(/Passing on/)).toHaveTextContent(
      'Passing on Rye sourdough, fed daily from anna',
    );
    // The giver's title describes their jar; the new one starts from the culture's type.
    expect(screen.getByLabelText('Title')).toHaveValue('Rye sourdough');
    expect(screen.getByLabelText('Title')).not.toHaveValue(received.title);
    // The member's place comes from their profile.
    expect(screen.getByLabelText('Location')).toHaveValue('York, UK');
    // The origin story and year belong to the family tree already: not asked again.
    expect(screen.queryByLabelText(/Origin story/)).toBeNull();
    expect(screen.queryByLabelText('Born (year)')).toBeNull();
    // The photo comes first, then the title and the description.
    const photo = screen.getByLabelText('Photo');
    const title = screen.getByLabelText('Title');
    const description = screen.getByLabelText('Description');
    expect(photo.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      title.compareDocumentPosition(description) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // What is known is folded away, still filled in.
    const more = screen.getByText('More Details (optional)').closest('details')!;
    expect(more.open).toBe(false);
    expect(within(more).getByLabelText('Category')).toHaveValue('grain');

    await userEvent.type(screen.getByLabelText('Description'), 'Passed on from Anna, lively.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Starter' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]!;
    expect(body.get('title')).toBe('Rye sourdough');
    expect(body.get('location')).toBe('York, UK');
    expect(body.get('parentId')).toBe('41');
    expect(body.get('form')).toBe('dried');
    expect(body.getAll('careNotes')).toEqual(['Feed with dark rye, 1:2:2.']);
    expect(body.get('subcategory')).toBe('sourdough');
  });

  it("starts a new post from the member's place on their profile", async () => {
    fakeServer({ 'GET /api/auth/user': () => aMember({ location: 'Otley, UK' }) });
    renderWithProviders(<PostStarterFromHandover from={null} />);
    expect(await screen.findByLabelText('Location')).toHaveValue('Otley, UK');
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('opens empty with a polite notice for a hand-over that is not the member’s', async () => {
    fakeServer({ 'GET /api/me/received-cultures': () => [] });
    renderWithProviders(<PostStarterFromHandover from="99" />);
    expect(await screen.findByText(living.payItForward.notFound)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.queryByLabelText('This culture came from…')).toBeNull();
  });
});
