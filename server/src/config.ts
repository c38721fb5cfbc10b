import net from 'node:net';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .pipe(z.url().optional());

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
  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).default('Community Sign-In'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLIENT_DIST: z.string().min(1).default('./dist/client'),
  SESSION_IDLE_DAYS: positiveInt(14),
  SESSION_MAX_DAYS: positiveInt(60),
  LIMIT_LOGIN_FAILURES_PER_ACCOUNT: positiveInt(10),
  LIMIT_LOGIN_ATTEMPTS_PER_ADDRESS: positiveInt(100),
  LIMIT_SIGNUPS_PER_ADDRESS: positiveInt(20),
  LIMIT_STARTERS_PER_DAY: positiveInt(20),
  LIMIT_MESSAGES_PER_DAY: positiveInt(60),
  LIMIT_REPORTS_PER_DAY: positiveInt(20),
  REQUEST_TIMEOUT_SECONDS: positiveInt(120),
  SMTP_URL: smtpUrl,
  MAIL_FROM: z.string().trim().min(3).default('CultureShare <no-reply@cultureshare.local>'),
  MESSAGE_MAIL_DELAY_SECONDS: z.coerce.number().min(0).default(300),
  MAIL_POLL_MS: positiveInt(2000),
  MAIL_RETRY_SECONDS: z.coerce.number().positive().default(30),
  /** How long a "day" of the check-ins after a hand-over lasts (shorter only in browser tests). */
  CHECKIN_DAY_SECONDS: positiveInt(86_400),
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
  oidc?: { issuerUrl: string; clientId: string; clientSecret?: string; providerName: string };
  logLevel: string;
  clientDist: string;
  session: { idleDays: number; maxDays: number };
  limits: {
    loginFailuresPerAccount: number;
    loginAttemptsPerAddress: number;
    signupsPerAddress: number;
    startersPerDay: number;
    messagesPerDay: number;
    reportsPerDay: number;
  };
  /** How long a client may take to send a whole request, a 5 MiB photo on a poor link included. */
  requestTimeoutSeconds: number;
  /** Check-in day 1, 3 and 7 are due this many seconds per day after a confirmed hand-over. */
  checkinDaySeconds: number;
  /** POST /api/test/clock exists (browser tests); never in production. */
  testClock: boolean;
  mail: {
    /** Absent: every mail is written as an .eml file under `DATA_DIR/mail/`. */
    smtpUrl?: string;
    from: string;
    messageDelaySeconds: number;
    pollMs: number;
    /** First retry after this long, doubling each time. */
    retrySeconds: number;
  };
}

export class ConfigError extends Error {}

const SECRET_VARIABLES = new Set(['SMTP_URL', 'OIDC_CLIENT_SECRET', 'DATABASE_URL', 'REDIS_URL']);

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
  if (e.TEST_CLOCK && (e.NODE_ENV === 'production' || e.PUBLIC_URL?.startsWith('https:'))) {
    throw new ConfigError(
      "Invalid configuration: TEST_CLOCK lets anyone move the server's clock; it is for browser tests only, never with NODE_ENV=production or an https PUBLIC_URL",
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
    session: { idleDays: e.SESSION_IDLE_DAYS, maxDays: e.SESSION_MAX_DAYS },
    limits: {
      loginFailuresPerAccount: e.LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      loginAttemptsPerAddress: e.LIMIT_LOGIN_ATTEMPTS_PER_ADDRESS,
      signupsPerAddress: e.LIMIT_SIGNUPS_PER_ADDRESS,
      startersPerDay: e.LIMIT_STARTERS_PER_DAY,
      messagesPerDay: e.LIMIT_MESSAGES_PER_DAY,
      reportsPerDay: e.LIMIT_REPORTS_PER_DAY,
    },
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    checkinDaySeconds: e.CHECKIN_DAY_SECONDS,
    testClock: e.TEST_CLOCK,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      messageDelaySeconds: e.MESSAGE_MAIL_DELAY_SECONDS,
      pollMs: e.MAIL_POLL_MS,
      retrySeconds: e.MAIL_RETRY_SECONDS,
    },
  };
}
