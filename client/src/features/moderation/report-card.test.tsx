import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportItem } from '../../../../common/moderation/reports';
import type { Starter } from '../../../../common/listings/starters';
import { renderWithProviders } from '../../test/render';
import { RemovalNotice } from './removal-notice';
import { ReportCard } from './report-card';

const report = (overrides: Partial<ReportItem> = {}): ReportItem => ({
  id: 7,
  reason: 'safety',
  description: 'Pink spots',
  status: 'pending',
  createdAt: new Date().toISOString(),
  reviewedAt: null,
  reviewer: null,
  reporter: { id: 'r1', username: 'wren', firstName: null },
  starter: {
    id: 42,
    title: 'Pink kefir',
    category: 'dairy',
    description: 'Grains with a pink tinge.',
    imagePath: '/api/photos/42/full.webp',
    thumbnailPath: '/api/photos/42/thumb.webp',
    removedAt: null,
    user: {
      id: 'o1',
      username: 'sam',
      firstName: null,
      lastName: null,
      isModerator: false,
      bannedAt: null,
      suspendedUntil: null,
    },
  },
  ...overrides,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(answer: (url: string, method: string, body: unknown) => Response) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      return answer(url, method, body);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

// Rendering dialogs is slow on a shared machine; nothing here measures time.
describe('ReportCard', { timeout: 30_000 }, () => {
  it('shows the listing’s photo, a link to it and what each action means', () => {
    serve(() => json({}));
    renderWithProviders(<ReportCard report={report()} />);
    const photo = screen.getByRole('img', { name: 'Pink kefir' });
    expect(photo).toHaveAttribute('src', '/api/photos/42/thumb.webp');
    expect(screen.getByRole('link', { name: 'Open Listing: Pink kefir' })).toHaveAttribute(
      'href',
      '/starter/42',
    );
    expect(screen.getByRole('button', { name: 'Mark as Reviewed' })).toHaveAccessibleDescription(
      /no rule is broken\. The starter stays listed/,
    );
    expect(screen.getByRole('button', { name: 'Resolve' })).toHaveAccessibleDescription(
      /settled without removing the starter/,
    );
    expect(screen.getByRole('button', { name: 'Remove Starter' })).toHaveAccessibleDescription(
      /the rule you choose/,
    );
  });

  it('shows the message a report is about', () => {
    serve(() => json({}));
    renderWithProviders(
      <ReportCard
        report={report({
          message: {
            id: 3,
            content: 'Send me 20 euros first',
            createdAt: new Date().toISOString(),
            sender: { id: 'o1', username: 'sam', firstName: null },
          },
        })}
      />,
    );
    expect(screen.getByText('Send me 20 euros first')).toBeInTheDocument();
    expect(screen.getByText(/Reported message from sam/)).toBeInTheDocument();
  });

  it('asks for a rule before removing, and sends it', async () => {
    const calls = serve((url) =>
      url.endsWith('/remove-starter') ? json(report({ status: 'resolved' })) : json({}),
    );
    renderWithProviders(<ReportCard report={report()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Starter' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Remove Starter' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove Starter' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Please choose the rule it breaks');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.click(dialog.getByRole('radio', { name: 'Rule 2: Free Items Only' }));
    fireEvent.change(dialog.getByLabelText('Note for the owner (optional)'), {
      target: { value: 'Asked money' },
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Remove Starter' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        {
          url: '/api/reports/7/remove-starter',
          method: 'POST',
          body: { reason: 'free', note: 'Asked money' },
        },
      ]),
    );
  });
});

describe('RemovalNotice', { timeout: 30_000 }, () => {
  const starter = { id: 42, removedAt: new Date().toISOString() } as Starter;
  const removal = {
    id: 1,
    starterId: 42,
    reason: 'privacy',
    note: null,
    removedAt: new Date().toISOString(),
    appeal: null,
    decision: null,
    decidedAt: null,
  };

  it('tells the owner which rule, and takes their appeal once', async () => {
    const calls = serve((url, method, body) =>
      method === 'POST'
        ? json(
            {
              ...removal,
              appeal: { text: (body as { text: string }).text, createdAt: removal.removedAt },
            },
            201,
          )
        : json(removal),
    );
    renderWithProviders(<RemovalNotice starter={starter} isOwner />);
    expect(await screen.findByText('Guideline: Respect Privacy')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Community Rules' })).toHaveAttribute('href', '/rules');
    await userEvent.click(screen.getByRole('button', { name: 'Appeal This Removal' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please tell the moderators why it should be restored',
    );
    fireEvent.change(screen.getByLabelText('Your Appeal'), {
      target: { value: 'My number is gone now.' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Appeal This Removal' }));
    expect(await screen.findByText(/Appeal sent/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeal This Removal' })).toBeNull();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/api/starters/42/appeal',
      method: 'POST',
      body: { text: 'My number is gone now.' },
    });
  });

  it('shows nothing to anyone but the owner', () => {
    const calls = serve(() => json(removal));
    const { container } = renderWithProviders(<RemovalNotice starter={starter} isOwner={false} />);
    expect(container).toBeEmptyDOMElement();
    expect(calls).toEqual([]);
  });
});
