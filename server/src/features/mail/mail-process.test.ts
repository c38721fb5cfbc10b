import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePort,
  killServerProcesses,
  startServerProcess,
  waitReady,
} from '../../test/server-process';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp';

// The real entry point as its own process, so it can really be killed.
const smtpServers: TestSmtpServer[] = [];

afterEach(async () => {
  killServerProcesses();
  for (const s of smtpServers.splice(0)) await s.close();
});

/** Info level: these tests read the log line that names a saved mail file. */
const start = (env: Record<string, string>) => startServerProcess({ LOG_LEVEL: 'info', ...env });

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function signUp(port: number, email: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'cultured-butter-2025',
      firstName: 'Kim',
      lastName: 'Baker',
    }),
  });
  return res.status;
}

const emlFiles = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-mail-'));

// Each start migrates a fresh embedded database: slow on a small machine.
describe('mail and the server process', { timeout: 300_000 }, () => {
  it('a bad SMTP_URL, or one without PUBLIC_URL, stops the start with one line naming it', async () => {
    const bad = start({ SMTP_URL: 'http://user:secret@mail.example', DATA_DIR: tempDir() });
    expect(await bad.exited).toBe(1);
    const lines = bad.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/SMTP_URL/);
    expect(lines[0]).not.toContain('secret');

    const noPublic = start({ SMTP_URL: 'smtp://mail.example:587', DATA_DIR: tempDir() });
    expect(await noPublic.exited).toBe(1);
    expect(noPublic.output().trim().split('\n')).toHaveLength(1);
    expect(noPublic.output()).toMatch(/PUBLIC_URL/);
  });

  it('without SMTP_URL saves each mail as an .eml file and logs its path, never its link', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const s = start({ PORT: String(port), DATA_DIR: dataDir, MAIL_POLL_MS: '100' });
    await waitReady(port, s, 150_000);
    expect(await signUp(port, 'newcomer@example.test')).toBe(201);
    const mailDir = path.join(dataDir, 'mail');
    await waitFor(() => fs.existsSync(mailDir) && emlFiles(mailDir).length > 0, 'an .eml file');
    const [file] = emlFiles(mailDir);
    expect(file).toMatch(/\.eml$/);
    const eml = await PostalMime.parse(fs.readFileSync(path.join(mailDir, file!), 'utf8'));
    expect(eml.subject).toBe('Confirm your email address');
    const token = eml.text!.match(/confirm-email\?token=([A-Za-z0-9_-]+)/)![1]!;
    await waitFor(() => s.output().includes(file!), 'the log line');
    expect(s.output()).not.toContain(token);
  });

  it('a mail queued when the process is killed before sending is delivered once after restart', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const smtpPort = await freePort();
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: 'https://share.example',
      MAIL_POLL_MS: '100',
      MAIL_RETRY_SECONDS: '5',
      // A kill during a try leaves the mail claimed by the dead process for the lease: short
      // here, so wherever the kill lands, the restarted process has it within the wait.
      MAIL_LEASE_SECONDS: '3',
    };
    // The SMTP server is down: the mail waits in the outbox, and pages keep working.
    const first = start(env);
    await waitReady(port, first, 150_000);
    expect(await signUp(port, 'patient@example.test')).toBe(201);
    await waitFor(() => first.output().includes('mail delivery deferred'), 'a failed try');
    expect(first.output()).not.toContain('patient@example.test');
    first.child.kill('SIGKILL');
    await first.exited;

    const smtp = await startTestSmtpServer(smtpPort);
    smtpServers.push(smtp);
    const metricsPort = await freePort();
    const second = start({ ...env, METRICS_PORT: String(metricsPort) });
    await waitReady(port, second, 150_000);
    await smtp.waitFor((m) => m.to.includes('patient@example.test'), 30_000);
    // The process counts a mail once it has marked it sent: from then on no pass takes it again.
    const sentCount = async () => {
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      return Number(/^cultureshare_mail_sent_total (\d+)/m.exec(await res.text())?.[1] ?? 0);
    };
    await waitFor(async () => (await sentCount()) >= 1, 'the mail marked sent');
    expect(await sentCount()).toBe(1);
    expect(smtp.received.filter((m) => m.to.includes('patient@example.test'))).toHaveLength(1);
  });
});
