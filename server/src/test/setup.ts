import { afterAll } from 'vitest';
import { resetClock } from '../clock/clock';

// Server test files run one after another in a worker that keeps its modules (decision 114):
// a file that moved the server's clock hands the next one the wall clock.
afterAll(() => {
  resetClock();
});
