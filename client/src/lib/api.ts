import type { ApiErrorBody } from '../../../common/site/errors';

/**
 * A non-OK response. Its message is "<status>: <body text>" (spec §8); `body` holds the
 * parsed error so screens can show the server's own message and per-field errors.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly body: Partial<ApiErrorBody> | undefined,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }

  /** The server's message, if it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }

  get fields(): Record<string, string> | undefined {
    return this.body?.fields;
  }
}

/** The message to show for a failed call: the server's, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  return fallback;
}

/** The server's per-field messages of a failed call (`fields` of a 400); none for any other failure. */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? (err.fields ?? {}) : {};
}

/** True when the request never got an answer (offline, DNS, connection refused). */
export function isNetworkError(err: unknown): boolean {
  return err instanceof TypeError;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let body: Partial<ApiErrorBody> | undefined;
  try {
    body = JSON.parse(text) as Partial<ApiErrorBody>;
  } catch {
    body = undefined;
  }
  throw new ApiError(res.status, text, body);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. an Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Every call sends cookies; bodies are JSON unless multipart. */
export async function apiRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    signal,
    headers: {
      ...(body !== undefined && !isForm && { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

/** A GET that answers null on 401 instead of raising (the current-user query). */
export async function getOrNullOn401<T>(url: string, signal?: AbortSignal): Promise<T | null> {
  try {
    return await apiRequest<T>(url, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}
