import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import PostalMime from 'postal-mime';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../../db/pglite-extensions';
import {
  freePort,
  killServerProcesses,
  migratedDataDir,
  startServerProcess,
  waitReady,
  type ServerProcess,
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

/**
 * Resolves when the process writes `text` (its log says what it has done, once it has done it);
 * fails as soon as the process ends without having written it.
 */
function untilOutput(server: ServerProcess, text: string): Promise<void> {
  const { stdout, stderr } = server.child;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!server.output().includes(text)) return;
      stop();
      resolve();
    };
    const ended = () => {
      stop();
      reject(new Error(`the process ended without writing "${text}": ${server.output()}`));
    };
    const stop = () => {
      stdout!.off('data', check);
      stderr!.off('data', check);
      server.child.off('close', ended);
    };
    stdout!.on('data', check);
    stderr!.on('data', check);
    server.child.on('close', ended);
    check();
  });
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
    const dataDir = migratedDataDir();
    const port = await freePort();
    // The mail job's poll at its default, a minute: the sign-up's mail wakes it (decision 156).
    const s = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitReady(port, s, 150_000);
    expect(await signUp(port, 'newcomer@example.test')).toBe(201);
    let late: NodeJS.Timeout | undefined;
    await Promise.race([
      untilOutput(s, 'mail saved as a file'),
      new Promise((_, reject) => {
        late = setTimeout(() => reject(new Error('the mail waited for the poll')), 30_000);
      }),
    ]).finally(() => clearTimeout(late));
    const mailDir = path.join(dataDir, 'mail');
    const files = emlFiles(mailDir);
    expect(files).toHaveLength(1);
    const file = files[0]!;
    const eml = await PostalMime.parse(fs.readFileSync(path.join(mailDir, file), 'utf8'));
    expect(eml.subject).toBe('Confirm your email address');
    const token = eml.text!.match(/confirm-email\?token=([A-Za-z0-9_-]+)/)![1]!;
    expect(s.output()).toContain(file);
    expect(s.output()).not.toContain(token);
  });

  it('a mail queued when the process is killed before sending is delivered once after restart', async () => {
    const dataDir = migratedDataDir();
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
    await untilOutput(first, 'mail delivery deferred');
    expect(first.output()).not.toContain('patient@example.test');
    first.child.kill('SIGKILL');
    await first.exited;

    const smtp = await startTestSmtpServer(smtpPort);
    smtpServers.push(smtp);
    const second = start(env);
    await waitReady(port, second, 150_000);
    await smtp.waitFor((m) => m.to.includes('patient@example.test'), 30_000);
    // A stopping process finishes the mail it is sending, marking it sent, before it exits.
    second.child.kill('SIGTERM');
    await second.exited;
    expect(smtp.received.filter((m) => m.to.includes('patient@example.test'))).toHaveLength(1);
    // Marked sent in the outbox: no later pass, of this process or another, takes it again.
    const db = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      extensions: pgliteExtensions,
    });
    try {
      const { rows } = await db.query<{ sent: boolean }>(
        'SELECT sent_at IS NOT NULL AS sent FROM mail_outbox WHERE to_address = $1',
        ['patient@example.test'],
      );
      expect(rows).toEqual([{ sent: true }]);
    } finally {
      await db.close();
    }
  });
});
