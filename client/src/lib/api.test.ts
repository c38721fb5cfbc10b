import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, getOrNullOn401 } from './api';

afterEach(() => vi.unstubAllGlobals());

function respond(status: number, body: string, type = 'application/json') {
  const fetchMock = vi.fn(
    async () => new Response(body, { status, headers: { 'content-type': type } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends cookies and JSON, and parses the JSON answer', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    await expect(apiRequest('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it('raises "<status>: <body>" and keeps the server message and fields', async () => {
    respond(
      409,
      '{"message":"Username is taken","code":"conflict","fields":{"username":"Username is taken"}}',
    );
    const err = (await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe(
      '409: {"message":"Username is taken","code":"conflict","fields":{"username":"Username is taken"}}',
    );
    expect(errorMessage(err, 'Failed to update profile')).toBe('Username is taken');
    expect(err.fields).toEqual({ username: 'Username is taken' });
  });

  it('uses the status text when the body is empty, and the fallback message then', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 500, statusText: 'Internal Server Error' })),
    );
    const err = (await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('500: Internal Server Error');
    expect(errorMessage(err, 'Failed to delete starter')).toBe('Failed to delete starter');
  });

  it('answers null on 401 for the current-user style of query', async () => {
    respond(401, '{"message":"Sign in required","code":"unauthenticated"}');
    await expect(getOrNullOn401('/api/auth/user')).resolves.toBeNull();
    respond(500, 'boom', 'text/plain');
    await expect(getOrNullOn401('/api/auth/user')).rejects.toThrow('500: boom');
  });
});
