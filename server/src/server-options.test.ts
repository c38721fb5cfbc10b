import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { pages } from '../../common/site/pages';
import { loadConfig } from './config';
import { loggerOptions, timeoutOptions } from './server-options';
import { createTestApp, signedInMember, type TestApp } from './test/app';

// A one-second deadline for a whole request, on a real listening server.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/**
 * Opens a raw connection and reports when the server ends it, and what it said first. A server
 * without deadlines never ends it: the test then fails at its own timeout, and the connection
 * is closed once the test has finished, whatever its result.
 */
function rawClient() {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const openedAt = Date.now();
  const closed = new Promise<number>((resolve) => {
    socket.on('close', () => resolve(Date.now() - openedAt));
  });
  onTestFinished(() => {
    socket.destroy();
  });
  return { socket, closed, received: () => received };
}

/** Writes `text` every 100 ms while the connection is open: the socket is never silent. */
function drip(socket: net.Socket, text: string) {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(text);
  }, 100);
  socket.on('close', () => clearInterval(timer));
}

describe('request deadlines', () => {
  it('has defaults that bound a request and outlast the live events heartbeat', () => {
    const options = timeoutOptions(loadConfig({}));
    expect(options.requestTimeout).toBe(120_000);
    expect(options.http.headersTimeout).toBeLessThanOrEqual(options.requestTimeout);
    expect(options.connectionTimeout).toBeGreaterThan(25_000);
  });

  /** A request whose body comes one byte every 100 ms: 20 s, with the socket never silent. */
  function slowBody() {
    const client = rawClient();
    client.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    drip(client.socket, ' ');
    return client;
  }

  it('cuts off a client that sends its body too slowly', async () => {
    const client = slowBody();
    expect(await client.closed).toBeLessThan(4000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a client that never finishes its headers', async () => {
    const client = rawClient();
    client.socket.write('GET /api/starters HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    drip(client.socket, 'X-Slow: 1\r\n');
    expect(await client.closed).toBeLessThan(4000);
  });

  it('keeps a live events stream open well past the request deadline', async () => {
    const { cookie } = await signedInMember(t.db);
    const request = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: { cookie } });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      request.on('response', resolve);
      request.on('error', reject);
    });
    let ended = false;
    let body = '';
    response.on('data', (chunk: Buffer) => (body += chunk.toString()));
    response.on('close', () => (ended = true));
    // A slow request opened after the stream is cut off at the deadline; the stream is not.
    const slow = slowBody();
    try {
      expect(response.statusCode).toBe(200);
      expect(await slow.closed).toBeLessThan(4000);
      expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
      expect(ended).toBe(false);
      expect(body).toContain(': connected');
    } finally {
      request.destroy();
    }
  });
});

describe('request log lines', () => {
  it("never carry a mail key: a stop link in the log must not change anyone's mail", () => {
    const options = loggerOptions(loadConfig({ LOG_LEVEL: 'info' })) as {
      serializers: { req(req: unknown): { path: string } };
    };
    const key = '0123456789abcdef0123456789abcdef';
    for (const url of [
      `/api/mail/unsubscribe/${key}/messages`,
      `/api/mail/unsubscribe/${key}`,
      `/mail/stop/${key}/checkins?x=1`,
    ]) {
      const line = options.serializers.req({ method: 'POST', url, id: 'r1', ip: '127.0.0.1' });
      expect(line.path).not.toContain(key);
      expect(line.path).toContain('[key]');
    }
  });

  it('redact the key of every route and page that carries one', () => {
    const options = loggerOptions(loadConfig({ LOG_LEVEL: 'info' })) as {
      serializers: { req(req: unknown): { path: string } };
    };
    // The route tree as Fastify prints it: each line a path below its parent's, indented.
    const routes: string[] = [];
    const above: string[] = [];
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const at = line.indexOf('── ');
      if (at < 0) continue;
      const depth = Math.floor(at / 4);
      const path =
        (above[depth - 1] ?? '') +
        line
          .slice(at + 3)
          .split(' (')[0]!
          .trim();
      above[depth] = path;
      routes.push(path);
    }
    const keyed = [...routes, ...Object.values(pages).map((page) => page.path)].filter((path) =>
      /\/:(?:key|token)(?:\/|$)/.test(path),
    );
    expect(keyed).toContain('/api/alerts/stop/:key/:id');
    expect(keyed).toContain('/alerts/stop/:key/:id');
    const key = 'fedcba9876543210fedcba9876543210';
    for (const pattern of keyed) {
      const url = pattern.replace(/:(?:key|token)\b/g, key).replace(/:\w+/g, '42');
      const line = options.serializers.req({ method: 'GET', url, id: 'r1', ip: '127.0.0.1' });
      expect(line.path, pattern).not.toContain(key);
    }
  });
});
