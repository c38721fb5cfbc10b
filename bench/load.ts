import http from 'node:http';

/** The value a fraction `q` of the way through ascending `sorted` (0 when it is empty). */
export const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

/**
 * Keeps `connections` keep-alive requests in flight against `paths` for `seconds`; with
 * `once`, it also stops when every path has been asked once (no question repeats).
 */
export async function load(
  port: number,
  paths: string[],
  { connections = 50, seconds = 10, once = false } = {},
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get(
        { host: '127.0.0.1', port, path: paths[i++ % paths.length], agent },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const worker = async () => {
    while (performance.now() < deadline && !(once && i >= paths.length)) await one();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds: elapsed,
    rps: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
  };
}

export const formatResult = (name: string, r: LoadResult) =>
  `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99
    .toFixed(1)
    .padStart(6)} ms   errors ${r.errors}`;
