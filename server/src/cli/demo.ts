/**
 * npm run demo — fills an empty database with a believable community. Run it with the server
 * stopped and the same DATA_DIR / DATABASE_URL. A database that has members gets nothing, and
 * NODE_ENV=production is refused.
 */
import { DEMO_MODERATOR_EMAIL, DEMO_PASSWORD } from './demo-data';
import { seedDemo } from './demo-seed';
import { loadConfig } from '../config';
import { openConfiguredDatabase, runCli } from './open-database';

runCli(async () => {
  const { env } = loadConfig();
  const database = await openConfiguredDatabase();
  try {
    const result = await seedDemo(database.db, { env });
    if (!result.added) {
      console.log('The database already has members: demo data is only added to an empty one.');
      return;
    }
    console.log(
      `Added ${result.members} members, ${result.starters} starters, ` +
        `${result.conversations} conversations and ${result.reports} reports.\n` +
        `Sign in as any member (e.g. maya@cultureshare.test) or the moderator ${DEMO_MODERATOR_EMAIL} ` +
        `with the password "${DEMO_PASSWORD}".`,
    );
  } finally {
    await database.close();
  }
});
