import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LabelView } from '../../../../common/cultures/labels';
import { renderWithProviders } from '../../test/render';
import { aMember, jsonResponse } from '../../test/fixtures';
import { JarLabelView } from './jar-label-view';
import { ScanOutboxSender } from './scan-outbox';

const me = aMember();
const label: LabelView = {
  code: 'abcdefghjkmn',
  starterId: 7,
  title: 'Oma’s Sauerteig',
  form: 'active',
  subcategory: 'sourdough',
  lastFedAt: null,
  giverName: 'Olive',
  mine: false,
  holderName: null,
  receivedByMe: false,
};

/** The server: the label (received once a scan reached it) and its scans; offline throws. */
function serve() {
  const state = { online: false, scans: [] as unknown[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/user') return jsonResponse(me);
      if (url === `/api/labels/${label.code}`) {
        return jsonResponse({ ...label, receivedByMe: state.scans.length > 0 });
      }
      if (url === `/api/labels/${label.code}/receive` && init?.method === 'POST') {
        if (!state.online) throw new TypeError('Failed to fetch');
        state.scans.push(init.body ? JSON.parse(String(init.body)) : null);
        return jsonResponse({ handoverId: 1, starterId: 7 });
      }
      return jsonResponse([]);
    }),
  );
  return state;
}

const onLine = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('"I received this jar" without a connection', () => {
  it('keeps the scan on the device, says so, and sends it with its time once back online', async () => {
    const server = serve();
    onLine(false);
    renderWithProviders(
      <>
        <JarLabelView code={label.code} details={() => null} />
        <ScanOutboxSender meId={me.id} />
      </>,
    );
    const button = await screen.findByRole('button', { name: 'I received this jar' });
    await userEvent.click(button);
    expect(
      await screen.findByText('Saved on this phone: it will be sent when you are back online.'),
    ).toHaveFocus();
    expect(server.scans).toEqual([]);
    expect(JSON.parse(localStorage.getItem('cultureshare:scan-outbox')!)).toEqual([
      expect.objectContaining({ code: label.code, memberId: me.id }),
    ]);

    server.online = true;
    onLine(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(
      await screen.findByText('Recorded: welcome to the family. Olive has been told.'),
    ).toBeInTheDocument();
    expect(server.scans).toEqual([{ scannedAt: expect.any(String) }]);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('cultureshare:scan-outbox')!)).toEqual([]),
    );
  });

  it('queues the scan when the request itself finds no connection', async () => {
    const server = serve();
    onLine(true);
    renderWithProviders(<JarLabelView code={label.code} details={() => null} />);
    await userEvent.click(await screen.findByRole('button', { name: 'I received this jar' }));
    expect(
      await screen.findByText('Saved on this phone: it will be sent when you are back online.'),
    ).toBeInTheDocument();
    expect(server.scans).toEqual([]);
  });
});
