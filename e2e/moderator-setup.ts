/**
 * Runs before the browser tests' server opens the data folder: signs the moderator up through
 * the real sign-up route, then grants the role with the moderator CLI, the way an operator
 * would. A password sign-up alone never makes a moderator.
 */
import { execFileSync } from 'node:child_process';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openConfiguredDatabase } from '../server/src/cli/open-database';
import { E2E_MODERATOR_EMAIL, E2E_PASSWORD } from './e2e-members';

const config = loadConfig();
const database = await openConfiguredDatabase();
try {
  const app = await buildApp({ config, database, logger: false });
  try {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: E2E_MODERATOR_EMAIL,
        password: E2E_PASSWORD,
        firstName: 'Morgan',
        lastName: 'Moderator',
      },
    });
    if (signup.statusCode !== 201 && signup.statusCode !== 409) {
      throw new Error(`moderator sign-up failed: ${signup.statusCode} ${signup.body}`);
    }
  } finally {
    await app.close();
  }
} finally {
  // The CLI needs the embedded database's lock.
  await database.close();
}
execFileSync(
  process.execPath,
  ['--import', 'tsx', 'server/src/cli/moderator.ts', 'grant', E2E_MODERATOR_EMAIL],
  { stdio: 'inherit' },
);
