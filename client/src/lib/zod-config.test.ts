import { describe, expect, it } from 'vitest';

describe('zod settings', () => {
  it('parses without probing for eval, set before zod loads', async () => {
    await import('./zod-config');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
