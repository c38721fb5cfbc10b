/**
 * Runs the named npm scripts at once and fails if any fails: `npm test`'s lint, checks and type
 * check share the machine's cores instead of waiting on each other (decision 171). Each
 * script's output is printed whole when it ends, with its time, so the lines never interleave.
 *
 *   node --import tsx scripts/run-together.ts lint check typecheck
 */
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('Usage: node --import tsx scripts/run-together.ts <npm script> [<npm script> …]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise<{ name: string; code: number }>((resolve) => {
        const started = Date.now();
        const child = spawn(npm, ['run', '--silent', name], {
          stdio: ['ignore', 'pipe', 'pipe'],
          shell: process.platform === 'win32',
        });
        const output: Buffer[] = [];
        child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(
            `--- npm run ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n`,
          );
          process.stdout.write(Buffer.concat(output));
          resolve({ name, code: code ?? 1 });
        });
      }),
  ),
);

const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
