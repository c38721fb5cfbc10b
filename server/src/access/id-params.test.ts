import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX, idParam } from '../../../common/site/ids';
import { createTestApp, signedInMember, type TestApp } from '../test/app';

/**
 * One rule for a row id in a path (common/site/ids.ts), checked once here and then, through the
 * app's own route table, on every route: a new route that parses its id another way fails.
 */

const MALFORMED = ['0', '01', '+1', '-1', '1e3', '1.0', ' 1', '0x10', 'abc', String(ID_MAX + 1)];

describe('idParam', () => {
  const starterId = idParam('starter');

  it('takes positive whole numbers in plain digits, up to the largest integer id', () => {
    expect(starterId.parse('1')).toBe(1);
    expect(starterId.parse('42')).toBe(42);
    expect(starterId.parse(String(ID_MAX))).toBe(ID_MAX);
  });

  it.each(MALFORMED)('refuses %j as an invalid id', (value) => {
    const result = starterId.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid starter ID');
  });
});

/** A path parameter is a numeric id when its schema turns "12" into the number 12. */
function numericIdParams(route: RouteOptions): string[] {
  const shape = (route.schema?.params as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) return [];
  return Object.entries(shape).flatMap(([name, schema]) => {
    const parsed = (
      schema as { safeParse(v: unknown): { success: boolean; data?: unknown } }
    ).safeParse('12');
    return parsed.success && parsed.data === 12 ? [name] : [];
  });
}

describe('every route with a numeric id in its path', () => {
  const collected: RouteOptions[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: (r) => void collected.push(r) });
  });
  afterAll(() => t?.close());

  const idRoutes = () =>
    collected.flatMap((route) =>
      [route.method]
        .flat()
        .filter((m) => m !== 'HEAD')
        .flatMap((method) => numericIdParams(route).map((param) => ({ route, method, param }))),
    );

  it('declares every `:…Id` and starter, report or sanction `:id` in its path as one', () => {
    const found = idRoutes().map(({ method, route, param }) => `${method} ${route.url} ${param}`);
    expect(found.length).toBeGreaterThan(20);
    const undeclared = collected.flatMap((route) =>
      [...route.url.matchAll(/:(\w+)/g)]
        .map((m) => m[1]!)
        .filter((p) => /Id$|^id$/.test(p) && p !== 'memberId')
        .filter(() => !/\/photos\/:id/.test(route.url) && route.url.startsWith('/api/'))
        // A member's id is text, not a row number: `/members/:id` names one as `:memberId` does.
        .filter((p) => !(p === 'id' && /\/members\/:id/.test(route.url)))
        .filter((p) => !numericIdParams(route).includes(p))
        .map((p) => `${route.url} ${p}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('answers 400 "Invalid … ID" for a malformed id, whoever asks', async () => {
    const moderator = await signedInMember(t.db, { isModerator: true });
    for (const { route, method, param } of idRoutes()) {
      for (const bad of ['1e3', '+1', '0', String(ID_MAX + 1)]) {
        const url = route.url.replace(/:(\w+)/g, (_m, name: string) =>
          name === param ? encodeURIComponent(bad) : '1',
        );
        const res = await t.call(moderator, method, url, method === 'GET' ? undefined : {});
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().message, `${method} ${url}`).toMatch(/^Invalid [\w -]+ ID$/);
      }
    }
  });
});
