import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp } from '../test/app';
import { advanceClock, now, resetClock } from './clock';

afterEach(() => resetClock());

describe('the server clock', () => {
  it('is the wall clock until a test moves it, and only moves forward', () => {
    const before = Date.now();
    expect(now().getTime()).toBeGreaterThanOrEqual(before);
    expect(now().getTime()).toBeLessThanOrEqual(Date.now());
    advanceClock(3 * 86_400_000);
    expect(now().getTime()).toBeGreaterThanOrEqual(before + 3 * 86_400_000);
    expect(() => advanceClock(-1)).toThrow(RangeError);
  });
});

describe('/api/test/clock', () => {
  it('does not exist unless TEST_CLOCK is on', async () => {
    const t = await createTestApp();
    try {
      expect((await t.call(null, 'GET', '/api/test/clock')).statusCode).toBe(404);
      const moved = await t.call(null, 'POST', '/api/test/clock', { advanceSeconds: 86_400 });
      expect(moved.statusCode).toBe(404);
      expect(now().getTime()).toBeLessThanOrEqual(Date.now());
    } finally {
      await t.close();
    }
  });

  it('moves the server clock forward with TEST_CLOCK=1', async () => {
    const t = await createTestApp({ TEST_CLOCK: '1' });
    try {
      const before = Date.now();
      const res = await t.call(null, 'POST', '/api/test/clock', { advanceSeconds: 86_400 });
      expect(res.statusCode).toBe(200);
      expect(Date.parse(res.json().now)).toBeGreaterThanOrEqual(before + 86_400_000);
      const read = await t.call(null, 'GET', '/api/test/clock');
      expect(Date.parse(read.json().now)).toBeGreaterThanOrEqual(before + 86_400_000);
      const back = await t.call(null, 'POST', '/api/test/clock', { advanceSeconds: -60 });
      expect(back.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('is refused at start in production and behind an https address', () => {
    expect(() => loadConfig({ TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/TEST_CLOCK/);
    expect(() =>
      loadConfig({ TEST_CLOCK: '1', PUBLIC_URL: 'https://cultureshare.example' }),
    ).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ TEST_CLOCK: '1', NODE_ENV: 'test' }).testClock).toBe(true);
    expect(loadConfig({}).testClock).toBe(false);
  });
});
