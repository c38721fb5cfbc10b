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

  it('requires PUBLIC_URL in production: absolute links never come from a Host header', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required/);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://share.example/' }).publicUrl,
    ).toBe('https://share.example');
  });

  it('parses moderator emails case-insensitively', () => {
    expect(loadConfig({ MODERATOR_EMAILS: ' Mod@Example.com ,x@y.org' }).moderatorEmails).toEqual([
      'mod@example.com',
      'x@y.org',
    ]);
  });

  it('trusts no proxy by default, a hop count, or listed proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
  });

  it('refuses TRUST_PROXY=true and malformed proxy lists in one line naming the variable', () => {
    for (const value of ['true', '10.0.0.1,proxy.local', '10.0.0.0/33', '1.2.3']) {
      let message = '';
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        message = (err as Error).message;
      }
      expect(message).toMatch(/^Invalid configuration: TRUST_PROXY=/);
      expect(message).not.toContain('\n');
    }
  });
});
