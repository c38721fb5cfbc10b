import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { LiveEvent } from '../../../common/conversations/messages';

export interface EventStream {
  status: number;
  contentType: string | undefined;
  events: LiveEvent[];
  /**
   * The first event (already received or still to come) that matches; fails as an assertion
   * naming `what` and the events that did come, not as a test that hangs until its timeout.
   */
  next(match: (event: LiveEvent) => boolean, what?: string): Promise<LiveEvent>;
  /** Resolves when the server has ended the stream; fails as an assertion if it does not. */
  ended(): Promise<void>;
  close(): void;
}

/** How long an expected event or end may take before the test fails by assertion. */
const ARRIVAL = { timeout: 10_000, interval: 10 };

/** Opens GET /api/events like a browser's EventSource; resolves once the server said hello. */
export function openStream(app: FastifyInstance, cookie?: string): Promise<EventStream> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/events', headers: cookie ? { cookie } : {} },
      (res) => {
        const events: LiveEvent[] = [];
        let buffer = '';
        let isEnded = false;
        const stream: EventStream = {
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'],
          events,
          next: (match, what = 'the expected event') =>
            vi.waitFor(() => {
              const found = events.find(match);
              expect(found, `${what}; the stream had ${JSON.stringify(events)}`).toBeDefined();
              return found!;
            }, ARRIVAL),
          ended: () =>
            vi.waitFor(() => expect(isEnded, 'the server ended the stream').toBe(true), ARRIVAL),
          close: () => req.destroy(),
        };
        res.setEncoding('utf8');
        res.on('end', () => (isEnded = true));
        res.on('close', () => (isEnded = true));
        if (stream.status !== 200) {
          res.resume();
          return resolve(stream);
        }
        let greeted = false;
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (!greeted && block.includes(': connected')) {
              greeted = true;
              resolve(stream);
            }
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (!data) continue;
            events.push(JSON.parse(data) as LiveEvent);
          }
        });
      },
    );
    req.on('error', reject);
  });
}
