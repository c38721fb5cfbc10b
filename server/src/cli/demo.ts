/**
 * npm run demo — fills an empty database with a believable community. Run it with the server
 * stopped and the same DATA_DIR / DATABASE_URL. A second run adds nothing.
 */
import { DEMO_MODERATOR_EMAIL, DEMO_PASSWORD } from './demo-data';
import { seedDemo } from './demo-seed';
import { openConfiguredDatabase, runCli } from './open-database';

runCli(async () => {
  const database = await openConfiguredDatabase();
  try {
    const result = await seedDemo(database.db);
    if (!result.added) {
      console.log('Demo data is already there; nothing added.');
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
