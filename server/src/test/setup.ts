import { afterAll } from 'vitest';
import { resetClock } from '../clock/clock';
import { passwordHashCostForTests } from '../features/account/auth/passwords';

// Server test files run one after another in a worker that keeps its modules (decision 114):
// a file that moved the server's clock hands the next one the wall clock.
afterAll(() => {
  resetClock();
});

// Passwords are hashed at argon2id's lowest cost: the same algorithm, format and checks, without
// the 19 MiB and two passes a server spends on each sign-up, sign-in and reset (the production
// cost has its own test in auth.test.ts, and a server cannot lower it).
passwordHashCostForTests('cheapest');
