import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.limits.loginFailuresPerAccount).toBe(10);
  });

  it('names the variable in one line when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc' });
    } catch (err) {
      expect((err as Error).message).toMatch(/^Invalid configuration: PORT="abc"/);
      expect((err as Error).message).not.toContain('\n');
    }
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ MODERATOR_EMAILS: 'a@b.co, nope' })).toThrow(/MODERATOR_EMAILS/);
  });

  it('parses moderator emails case-insensitively', () => {
    expect(loadConfig({ MODERATOR_EMAILS: ' Mod@Example.com ,x@y.org' }).moderatorEmails).toEqual([
      'mod@example.com',
      'x@y.org',
    ]);
  });
});
