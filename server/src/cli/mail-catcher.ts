import { startTestSmtpServer } from '../test/smtp';

/**
 * A local mail catcher for development: the same loopback SMTP server the tests read, printing
 * each mail it receives so a confirmation or reset link can be followed by hand.
 */
const port = Number(process.env.MAIL_CATCHER_PORT ?? 1025);
const catcher = await startTestSmtpServer(port);
console.log(`Catching mail at ${catcher.url}. Start the site with:`);
console.log(`  SMTP_URL=${catcher.url} PUBLIC_URL=http://localhost:3000 npm start`);

let shown = 0;
setInterval(() => {
  for (const mail of catcher.received.slice(shown)) {
    console.log(`\n— to ${mail.to.join(', ')}: ${mail.parsed.subject ?? '(no subject)'}`);
    console.log(mail.parsed.text?.trim() ?? '');
  }
  shown = catcher.received.length;
}, 500);

process.on('SIGINT', () => void catcher.close().then(() => process.exit(0)));
