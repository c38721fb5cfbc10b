import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { aStarter } from '../../test/fixtures';
import { ListingFacts } from './listing-facts';
import { PostStarterForm } from './post-starter-form';

afterEach(() => vi.unstubAllGlobals());

/** Captures the multipart body the form sends, and answers it with `status`. */
function captureUploads(status = 201, answer: unknown = { id: 1 }) {
  const sent: FormData[] = [];
  class FakeXhr {
    upload = {};
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    open = vi.fn();
    setRequestHeader = vi.fn();
    send(body: FormData) {
      sent.push(body);
      this.status = status;
      this.responseText = JSON.stringify(answer);
      setTimeout(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

async function fillSpecFields() {
  await userEvent.type(screen.getByLabelText('Title'), 'Milk kefir grains');
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'dairy');
  await userEvent.selectOptions(screen.getByLabelText('Starter Type'), 'kefir');
  await userEvent.type(screen.getByLabelText('Description'), 'Lively grains, fed daily.');
  await userEvent.type(screen.getByLabelText('Location'), 'Leeds, UK');
}

describe('PostStarterForm hand-over fields', () => {
  it('defaults to 1 portion, pickup, 30 days; post asks who covers postage', async () => {
    const sent = captureUploads();
    renderWithProviders(<PostStarterForm />);
    expect(screen.getByLabelText('Portions available')).toHaveValue(1);
    expect(screen.getByLabelText('Available for (days)')).toHaveValue(30);
    expect(screen.getByRole('checkbox', { name: /Pickup/ })).toBeChecked();
    expect(screen.queryByText('Who covers postage?')).toBeNull();

    await fillSpecFields();
    const portions = screen.getByLabelText('Portions available');
    await userEvent.clear(portions);
    await userEvent.type(portions, '2');
    await userEvent.click(screen.getByRole('checkbox', { name: /Post/ }));
    expect(screen.getByText(/Money never changes hands through CultureShare/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Post Starter' }));
    expect(await screen.findByText('Say who covers postage')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.click(
      screen.getByRole('radio', { name: 'The recipient sends a stamped addressed envelope' }),
    );
    await userEvent.type(screen.getByLabelText('What to bring (optional)'), 'a clean jar');
    await userEvent.click(screen.getByRole('button', { name: 'Post Starter' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]!;
    expect(body.get('portions')).toBe('2');
    expect(body.getAll('travel')).toEqual(['pickup', 'post']);
    expect(body.get('postage')).toBe('recipient');
    expect(body.get('bring')).toBe('a clean jar');
    expect(body.get('availableDays')).toBe('30');
  }, 20_000);

  it('refuses no way of travelling and out-of-range numbers; a failed submit keeps everything', async () => {
    const sent = captureUploads(400, {
      message: 'Invalid input',
      code: 'validation',
      fields: { bring: 'Too long for the server' },
    });
    renderWithProviders(<PostStarterForm />);
    await fillSpecFields();
    await userEvent.click(screen.getByRole('checkbox', { name: /Pickup/ }));
    const days = screen.getByLabelText('Available for (days)');
    await userEvent.clear(days);
    await userEvent.type(days, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Post Starter' }));
    expect(await screen.findByText('Choose pickup, post or both')).toBeInTheDocument();
    expect(screen.getByText('Choose between 7 and 90 days')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: /Pickup/ }));
    await userEvent.clear(days);
    await userEvent.type(days, '14');
    await userEvent.type(screen.getByLabelText('What to bring (optional)'), 'a jar');
    await userEvent.click(screen.getByRole('button', { name: 'Post Starter' }));
    expect(await screen.findByText('Too long for the server')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Milk kefir grains');
    expect(screen.getByLabelText('Available for (days)')).toHaveValue(14);
    expect(screen.getByLabelText('What to bring (optional)')).toHaveValue('a jar');
  }, 20_000);
});

describe('ListingFacts', () => {
  it('shows travel, postage and what to bring on the detail page, none once claimed', () => {
    const starter = aStarter({
      portions: 2,
      portionsLeft: 2,
      travel: ['pickup', 'post'],
      postage: 'recipient',
      bring: 'a clean jar',
    });
    const { rerender } = renderWithProviders(<ListingFacts starter={starter} />);
    const list = screen.getByRole('list');
    expect(within(list).getByText('2 portions left')).toBeInTheDocument();
    expect(list).toHaveTextContent('Pickup or post · Send a stamped addressed envelope');
    expect(list).toHaveTextContent('Please bring: a clean jar');
    rerender(<ListingFacts starter={{ ...starter, isClaimed: true }} />);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
