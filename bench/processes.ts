import { spawn, type ChildProcess } from 'node:child_process';

/** A script of this repository in its own Node process, through tsx, listening on 127.0.0.1. */
export function startProcess(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
    stdio: 'ignore',
  });
}

/** Resolves once `url` answers 2xx. */
export async function waitFor(url: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Stops `child` and resolves once it has gone: at once if it already had (a bare server that
 * could not listen), and by SIGKILL if SIGTERM has not ended it within five seconds.
 */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(late);
}
