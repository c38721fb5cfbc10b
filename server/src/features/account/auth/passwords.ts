import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's minimum for argon2id: 19 MiB, two passes, one lane. */
const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** argon2id at its lowest cost (8 KiB, one pass): the same algorithm and format, no work. */
const CHEAPEST_ARGON2_OPTIONS = { ...ARGON2_OPTIONS, memoryCost: 8, timeCost: 1 };

let hashOptions = ARGON2_OPTIONS;

/**
 * Unit tests hash at argon2id's lowest cost (`server/src/test/setup.ts`); `production` puts
 * OWASP's cost back. Refused anywhere but under Vitest, so a server always hashes at OWASP's.
 */
export function passwordHashCostForTests(cost: 'cheapest' | 'production'): void {
  if (!process.env.VITEST)
    throw new Error('The password hash cost changes only in unit tests, never in a server');
  hashOptions = cost === 'cheapest' ? CHEAPEST_ARGON2_OPTIONS : ARGON2_OPTIONS;
}

export const COMMON_PASSWORD_COUNT = 10_000;

// zxcvbn's list is ranked by frequency in real leaks; the head is what attackers try first.
const commonPasswords = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
);

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a different one.';

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must read as "wrong password", not as a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check, so an unknown email answers as slowly as a
 * wrong password and response times do not reveal which accounts exist.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-just-timing');
  await verifyPassword(await dummyHash, password);
}
