/**
 * Cold start: the time from spawning the server on an empty data folder until /readyz answers
 * 200, for the bundled server `npm start` runs (dist/server/main.js, decision 102) and, in the
 * same run, for the sources through tsx (the former start) and for a bare `node` that only
 * listens and answers (the floor on this machine). Wall time depends on what else the machine
 * is doing; the CPU seconds the process used (all its threads) much less. Prints figures;
 * asserts nothing.
 *   npm run bench:start          (builds first; BENCH_START_RUNS runs of each, default 5)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const runs = Number(process.env.BENCH_START_RUNS ?? 5);
const port = Number(process.env.E2E_PORT ?? 4314);

const bare = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
const ways: { name: string; args: string[] }[] = [
  { name: 'bare node, listening', args: ['-e', bare] },
  { name: 'bundle (npm start)', args: ['dist/server/main.js'] },
  { name: 'sources through tsx', args: ['--import', 'tsx', 'server/src/main.ts'] },
];

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** CPU seconds the process has used, all threads (Linux's /proc; NaN elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

async function coldStart(args: string[]): Promise<{ wall: number; cpu: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-start-'));
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  const exited = new Promise((r) => child.on('exit', r));
  try {
    while (!(await answers(`http://127.0.0.1:${port}/readyz`))) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited before answering`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return { wall: (performance.now() - began) / 1000, cpu: cpuSeconds(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!fs.existsSync('dist/server/main.js')) throw new Error('Run `npm run build` first');
console.log(`cold start on an empty data folder, spawn to /readyz 200, ${runs} runs each`);
for (const way of ways) {
  const starts: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < runs; i++) starts.push(await coldStart(way.args));
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const walls = starts.map((s) => s.wall).sort((a, b) => a - b);
  console.log(
    `${way.name.padEnd(22)} median ${median(walls).toFixed(2)} s   min ${walls[0]!.toFixed(2)} s   ` +
      `max ${walls.at(-1)!.toFixed(2)} s   CPU (all threads) median ${median(starts.map((s) => s.cpu)).toFixed(2)} s`,
  );
}
