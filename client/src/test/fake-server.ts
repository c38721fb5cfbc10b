import { vi } from 'vitest';
import { jsonResponse } from './fixtures';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Stubs fetch with a route table ("METHOD /path" → answer); records every call. Anything not
 * in the table answers 404, so a wrong address fails the test.
 */
export function fakeServer(routes: Record<string, (call: Call) => unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const route = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
      if (!route) return jsonResponse({ message: 'Not found' }, 404);
      const answer = route(call);
      if (answer instanceof Response) return answer;
      if (answer === undefined) return new Response(null, { status: 204 });
      return jsonResponse(answer);
    }),
  );
  return calls;
}
