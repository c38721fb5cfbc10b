import net from 'node:net';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .pipe(z.url().optional());

/**
 * A tile server's address template, `https://tiles.example.org/{z}/{x}/{y}.png` (`{s}` for its
 * subdomains, `{r}` for retina): http(s), with {z}, {x} and {y}.
 */
const mapTilesUrl = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .refine((v) => v === undefined || tileSource(v) !== null, {
    message:
      'expected an http(s) tile address with {z}, {x} and {y}, e.g. https://tiles.example.org/{z}/{x}/{y}.png',
  });

/**
 * The CSP source a tile template loads from (`https://*.tile.example.org` when it names
 * subdomains), or null when it is not a usable template.
 */
export function tileSource(template: string): string | null {
  if (!['{z}', '{x}', '{y}'].every((p) => template.includes(p))) return null;
  try {
    const url = new URL(template.replace(/\{s\}/g, 'tile-subdomain').replace(/\{[a-z]\}/g, '0'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const host = url.host.replace(/^tile-subdomain\./, '*.');
    if (host.includes('tile-subdomain')) return null;
    return `${url.protocol}//${host}`;
  } catch {
    return null;
  }
}

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** proxy-addr's names for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell us the client's address through X-Forwarded-For: none, the nearest
 * `n` hops, or the listed proxies. `true` (everyone) would let any client pick its address
 * and so escape every per-address limit; it is refused rather than guessed at.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = (v ?? '').trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'trusting every peer lets any client choose its address; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.1,10.0.0.0/8)',
      });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.find((e) => !isAddressOrCidr(e));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is not a hop count, an IP address or a CIDR range`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Fastify's trustProxy for a configured value. Fastify ignores a bare hop count (it cannot
 * tell a proxy from a client), so hops become a function: the operator who sets a count
 * promises the server is reachable only through that many proxies.
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** smtp:// or smtps:// with a host; anything else would only fail at the first mail. */
const smtpUrl = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .refine(
    (v) => {
      if (v === undefined) return true;
      try {
        const url = new URL(v);
        return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && !!url.hostname;
      } catch {
        return false;
      }
    },
    { message: 'expected smtp://user:pass@host:587 or smtps://user:pass@host:465' },
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: trustProxy,
  MODERATOR_EMAILS: emailList,
  DONATION_URL: optionalUrl,
  SOCIAL_URL: optionalUrl,
  MAP_TILES_URL: mapTilesUrl,
  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).default('Community Sign-In'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLIENT_DIST: z.string().min(1).default('./dist/client'),
  SESSION_IDLE_DAYS: positiveInt(14),
  SESSION_MAX_DAYS: positiveInt(60),
  /** A header a trusted proxy sets to the visitor's town (e.g. cf-ipcity), for session lists. */
  SESSION_PLACE_HEADER: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim().toLowerCase() : undefined)),
  LIMIT_LOGIN_FAILURES_PER_ACCOUNT: positiveInt(10),
  LIMIT_LOGIN_ATTEMPTS_PER_ADDRESS: positiveInt(100),
  LIMIT_SIGNUPS_PER_ADDRESS: positiveInt(20),
  LIMIT_STARTERS_PER_DAY: positiveInt(20),
  LIMIT_ASKS_PER_DAY: positiveInt(10),
  LIMIT_MESSAGES_PER_DAY: positiveInt(60),
  LIMIT_REPORTS_PER_DAY: positiveInt(20),
  /** Different members whose open reports take a listing off the public site until reviewed. */
  REPORTS_TO_HIDE: positiveInt(3),
  REQUEST_TIMEOUT_SECONDS: positiveInt(120),
  SMTP_URL: smtpUrl,
  MAIL_FROM: z.string().trim().min(3).default('CultureShare <no-reply@cultureshare.local>'),
  MESSAGE_MAIL_DELAY_SECONDS: z.coerce.number().min(0).default(300),
  /** How often the jobs a write wakes look for work anyway (decision 156). */
  MAIL_POLL_MS: positiveInt(60_000),
  MAIL_RETRY_SECONDS: z.coerce.number().positive().default(30),
  MAIL_LEASE_SECONDS: z.coerce.number().positive().default(120),
  VAPID_PUBLIC_KEY: z.string().trim().optional(),
  VAPID_PRIVATE_KEY: z.string().trim().optional(),
  PUSH_SERVICE_ORIGINS: z.string().optional(),
  /** How long a "day" of the check-ins after a hand-over lasts (shorter only in browser tests). */
  CHECKIN_DAY_SECONDS: positiveInt(86_400),
  /** How long a member who deleted their account may still come back by signing in. */
  ACCOUNT_DELETE_GRACE_SECONDS: positiveInt(14 * 86_400),
  /** Minutes between the rings a new offer is announced in, nearest first; 0: all at once. */
  ANNOUNCE_RING_MINUTES: z.coerce.number().int().min(0).default(120),
  /** Memory for cached browse answers, in MiB (decision 087). */
  BROWSE_CACHE_MB: positiveInt(256),
  /** Opens GET /metrics to this bearer token (decision 134); long and random. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(z.string().min(16, 'use at least 16 characters').optional()),
  /** Serves GET /metrics without a token on 127.0.0.1 at this port (decision 134). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  BACKUP_DIR: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  /** At most 20 days: the scheduler's timer holds no longer. */
  BACKUP_EVERY_HOURS: z.coerce.number().positive().max(480).optional(),
  BACKUP_KEEP: positiveInt(7),
  /** Browser tests only: POST /api/test/clock moves the server's clock forward (decision 042). */
  TEST_CLOCK: z
    .enum(['', '0', '1', 'false', 'true'])
    .default('')
    .transform((v) => v === '1' || v === 'true'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  publicUrl?: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  moderatorEmails: string[];
  donationUrl?: string;
  socialUrl?: string;
  /** An operator's map tile server (address template); the map's outline works without it. */
  mapTilesUrl?: string;
  oidc?: { issuerUrl: string; clientId: string; clientSecret?: string; providerName: string };
  logLevel: string;
  clientDist: string;
  session: { idleDays: number; maxDays: number; placeHeader?: string };
  limits: {
    loginFailuresPerAccount: number;
    loginAttemptsPerAddress: number;
    signupsPerAddress: number;
    startersPerDay: number;
    asksPerDay: number;
    messagesPerDay: number;
    reportsPerDay: number;
    /** Open reports from this many different members hold a listing for review (decision 078). */
    reportsToHide: number;
  };
  /** How long a client may take to send a whole request, a 5 MiB photo on a poor link included. */
  requestTimeoutSeconds: number;
  /** Check-in day 1, 3 and 7 are due this many seconds per day after a confirmed hand-over. */
  checkinDaySeconds: number;
  /** After this long a deleted account is scrubbed; signing in before then restores it. */
  accountDeleteGraceSeconds: number;
  /** Minutes between announcement rings of a new offer (decision 063); 0 sends all at once. */
  announceRingMinutes: number;
  /** Bytes of browse answers kept in memory (about 10,000 first pages at the default). */
  browseCacheBytes: number;
  /** Who may read GET /metrics: a bearer token, and/or a port of its own on loopback. */
  metrics: { token?: string; port?: number };
  /** Scheduled backups (decision 133): a folder, and hours between them; off unless both. */
  backup: { dir?: string; everyHours?: number; keep: number };
  /** POST /api/test/clock exists (browser tests); never in production. */
  testClock: boolean;
  push: {
    /** Both or neither: without them the server makes a pair once and keeps it in the database. */
    vapid?: { publicKey: string; privateKey: string };
    /** Origins a subscription's endpoint may point at; `*.` in a host matches any subdomain. */
    serviceOrigins: string[];
  };
  mail: {
    /** Absent: every mail is written as an .eml file under `DATA_DIR/mail/`. */
    smtpUrl?: string;
    from: string;
    messageDelaySeconds: number;
    pollMs: number;
    /** First retry after this long, doubling each time. */
    retrySeconds: number;
    /**
     * How long a claimed mail stays with the copy that claimed it: a copy that dies mid-send
     * leaves its mails to be claimed again after this. Well above any one send's timeouts.
     */
    leaseSeconds: number;
  };
}

export class ConfigError extends Error {}

/** The browser vendors' push services (Chrome/Edge via FCM, Firefox, Safari, Windows). */
export const DEFAULT_PUSH_SERVICE_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
];

function parsePushOrigins(value: string | undefined): string[] {
  if (!value?.trim()) return DEFAULT_PUSH_SERVICE_ORIGINS;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = URL.canParse(entry.replace('*.', 'wildcard.'))
        ? new URL(entry.replace('*.', 'wildcard.'))
        : null;
      if (
        !url ||
        (url.protocol !== 'https:' && url.protocol !== 'http:') ||
        url.pathname !== '/' ||
        url.search
      ) {
        throw new ConfigError(
          `Invalid configuration: PUSH_SERVICE_ORIGINS="${value}" — "${entry}" is not an origin like https://push.example`,
        );
      }
      return entry.replace(/\/$/, '').toLowerCase();
    });
}

const SECRET_VARIABLES = new Set([
  'VAPID_PRIVATE_KEY',
  'SMTP_URL',
  'OIDC_CLIENT_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'METRICS_TOKEN',
]);

/** Parses the environment; a bad value throws one readable line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    // A mail URL can carry a password: name the variable, never echo its value.
    const shown = SECRET_VARIABLES.has(name) ? '' : `=${JSON.stringify(env[name] ?? '')}`;
    throw new ConfigError(`Invalid configuration: ${name}${shown} — ${issue.message}`);
  }
  const e = parsed.data;
  if (e.SMTP_URL && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL is required when SMTP_URL is set (links in mails point there)',
    );
  }
  if (e.OIDC_ISSUER_URL && !e.OIDC_CLIENT_ID) {
    throw new ConfigError(
      'Invalid configuration: OIDC_CLIENT_ID is required when OIDC_ISSUER_URL is set',
    );
  }
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (npx web-push generate-vapid-keys), or neither',
    );
  }
  const pushServiceOrigins = parsePushOrigins(e.PUSH_SERVICE_ORIGINS);
  if (e.TEST_CLOCK && (e.NODE_ENV === 'production' || e.PUBLIC_URL?.startsWith('https:'))) {
    throw new ConfigError(
      "Invalid configuration: TEST_CLOCK lets anyone move the server's clock; it is for browser tests only, never with NODE_ENV=production or an https PUBLIC_URL",
    );
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL is required in production (canonical links, the sitemap and mails point there; the Host header a request names is never used)',
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    moderatorEmails: e.MODERATOR_EMAILS,
    donationUrl: e.DONATION_URL,
    socialUrl: e.SOCIAL_URL,
    mapTilesUrl: e.MAP_TILES_URL,
    oidc: e.OIDC_ISSUER_URL
      ? {
          issuerUrl: e.OIDC_ISSUER_URL,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET || undefined,
          providerName: e.OIDC_PROVIDER_NAME,
        }
      : undefined,
    logLevel: e.LOG_LEVEL,
    clientDist: e.CLIENT_DIST,
    session: {
      idleDays: e.SESSION_IDLE_DAYS,
      maxDays: e.SESSION_MAX_DAYS,
      placeHeader: e.SESSION_PLACE_HEADER,
    },
    limits: {
      loginFailuresPerAccount: e.LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      loginAttemptsPerAddress: e.LIMIT_LOGIN_ATTEMPTS_PER_ADDRESS,
      signupsPerAddress: e.LIMIT_SIGNUPS_PER_ADDRESS,
      startersPerDay: e.LIMIT_STARTERS_PER_DAY,
      asksPerDay: e.LIMIT_ASKS_PER_DAY,
      messagesPerDay: e.LIMIT_MESSAGES_PER_DAY,
      reportsPerDay: e.LIMIT_REPORTS_PER_DAY,
      reportsToHide: e.REPORTS_TO_HIDE,
    },
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    checkinDaySeconds: e.CHECKIN_DAY_SECONDS,
    accountDeleteGraceSeconds: e.ACCOUNT_DELETE_GRACE_SECONDS,
    announceRingMinutes: e.ANNOUNCE_RING_MINUTES,
    browseCacheBytes: e.BROWSE_CACHE_MB * 1024 * 1024,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    backup: { dir: e.BACKUP_DIR, everyHours: e.BACKUP_EVERY_HOURS, keep: e.BACKUP_KEEP },
    testClock: e.TEST_CLOCK,
    push: {
      vapid: e.VAPID_PUBLIC_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY! }
        : undefined,
      serviceOrigins: pushServiceOrigins,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      messageDelaySeconds: e.MESSAGE_MAIL_DELAY_SECONDS,
      pollMs: e.MAIL_POLL_MS,
      retrySeconds: e.MAIL_RETRY_SECONDS,
      leaseSeconds: e.MAIL_LEASE_SECONDS,
    },
  };
}

/**
 * The site's own address for every absolute URL (canonical links, sitemap, robots, Open Graph,
 * mails): PUBLIC_URL, required in production; this machine for local runs. Never the Host
 * header, which whoever sends a request chooses (and a cache may keep).
 */
export function siteUrl(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
