/**
 * npm run moderator -- grant|revoke <email> — gives or takes moderator rights offline.
 * Uses the same DATA_DIR / DATABASE_URL as the server; the embedded database must not be
 * open in a running server (its data-dir lock says so).
 */
import { setModerator } from '../features/account/users/moderators.service';
import { openConfiguredDatabase, runCli } from './open-database';

const USAGE = 'Usage: npm run moderator -- grant|revoke <email>';

runCli(async () => {
  const [action, email, ...extra] = process.argv.slice(2);
  if ((action !== 'grant' && action !== 'revoke') || !email || extra.length > 0) {
    throw new Error(USAGE);
  }
  const database = await openConfiguredDatabase();
  try {
    const result = await setModerator(database, { email, isModerator: action === 'grant' });
    const state = action === 'grant' ? 'is a moderator' : 'is no longer a moderator';
    console.log(
      result.changed
        ? `${result.email} ${state}.`
        : `${result.email} already ${state.replace(/^is /, '')}; nothing changed.`,
    );
  } finally {
    await database.close();
  }
});
