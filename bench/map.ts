/**
 * The browse map under load: people panning and zooming over the seeded starters, against a
 * bare Fastify route serving the same answers' bytes in the same run. Prints figures; asserts
 * nothing.
 *
 *   node --import tsx bench/map.ts                       (PGlite, BENCH_STARTERS, default 100000)
 *   BENCH_DATABASE_URL=postgres://… BENCH_DB=postgres node --import tsx bench/map.ts
 *
 * `benchMap(port, …)` runs the mix against a server already up on 127.0.0.1:`port` (the way
 * bench/run.ts runs its browse mixes) and returns its lines for a summary.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { categories } from '../common/listings/catalogue';
import { viewBbox } from '../client/src/features/starters/map-view-math';
import { openBenchDatabase } from './database';
import { bareCeiling, startProcess, stop, waitFor } from './processes';
import { formatResult, load } from './load';
import { random } from './questions';
import { gazetteerPlaces, seedStarters, type BenchPlace } from './seed';

/** A phone's or a desktop's map, in CSS pixels. */
const VIEWPORTS = [
  [360, 470],
  [700, 540],
  [1280, 800],
] as const;

/** Web Mercator, as Leaflet draws it: 256 px tiles. */
const TILE = 256;
const toPixels = (lng: number, lat: number, zoom: number): [number, number] => {
  const size = TILE * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  return [
    ((lng + 180) / 360) * size,
    (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  ];
};
const toLngLat = (x: number, y: number, zoom: number): [number, number] => {
  const size = TILE * 2 ** zoom;
  const lng = (x / size) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;
  return [lng, lat];
};

/** The question the map asks for a view centred on `x, y` (pixels at `zoom`). */
function viewPath(
  x: number,
  y: number,
  zoom: number,
  [width, height]: readonly [number, number],
  filter: string,
): string {
  const [west, north] = toLngLat(x - width / 2, y - height / 2, zoom);
  const [east, south] = toLngLat(x + width / 2, y + height / 2, zoom);
  const bbox = viewBbox({ west, south, east, north }, zoom);
  return `/api/starters/map?bbox=${bbox.join(',')}&zoom=${zoom}${filter}`;
}

/**
 * `count` map questions as people ask them: a visit opens on a place at a town's or a
 * region's zoom (now and then the whole world), then pans by half a screen and zooms in or
 * out, a dozen moves or so; a fifth of visits filter by a category.
 */
export function mapQuestions(count: number, places: BenchPlace[], seed = 3): string[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const out: string[] = [];
  while (out.length < count) {
    const viewport = pick(VIEWPORTS);
    const place = pick(places);
    const filter = next() < 0.2 ? `&category=${pick(categories).key}` : '';
    let zoom = next() < 0.1 ? 1 + Math.floor(next() * 2) : 4 + Math.floor(next() * 9);
    let [x, y] = toPixels(place.longitude, place.latitude, zoom);
    const moves = 6 + Math.floor(next() * 12);
    for (let m = 0; m < moves && out.length < count; m++) {
      out.push(viewPath(x, y, zoom, viewport, filter));
      const r = next();
      if (r < 0.6) {
        // A pan of up to half a screen in any direction.
        x += (next() - 0.5) * viewport[0];
        y += (next() - 0.5) * viewport[1];
        const size = TILE * 2 ** zoom;
        x = ((x % size) + size) % size;
        y = Math.max(0, Math.min(size, y));
      } else if (r < 0.85 && zoom < 16) {
        zoom += 1;
        x *= 2;
        y *= 2;
      } else if (zoom > 1) {
        zoom -= 1;
        x /= 2;
        y /= 2;
      }
    }
  }
  return out;
}

/**
 * The pan-and-zoom mix against the server on `port` for `seconds`, then a bare route serving
 * a sample of the same answers: req/s, p50, p99 of both, and the map's share of the ceiling.
 */
export async function benchMap(
  port: number,
  {
    places,
    connections,
    seconds,
    label = 'map pans and zooms',
    workDir = os.tmpdir(),
  }: {
    places: BenchPlace[];
    connections: number;
    seconds: number;
    label?: string;
    workDir?: string;
  },
): Promise<string[]> {
  // Warm-up on visits no measured one repeats.
  await load(port, mapQuestions(500, places, 97), { connections, seconds: 2, once: true });
  const paths = mapQuestions(200_000, places, 3);
  const map = await load(port, paths, { connections, seconds });

  const bodies: string[] = [];
  let features = 0;
  let largest = 0;
  for (const p of paths.slice(0, 200)) {
    const body = await (await fetch(`http://127.0.0.1:${port}${p}`)).text();
    bodies.push(body);
    const answer = JSON.parse(body) as { clusters: unknown[]; starters: unknown[] };
    const n = answer.clusters.length + answer.starters.length;
    features += n;
    largest = Math.max(largest, n);
  }
  const ceiling = await bareCeiling(bodies, { connections, seconds, workDir });
  const distinct = new Set(paths.slice(0, map.requests)).size;
  return [
    formatResult(label, map) + `   distinct views ${distinct}`,
    formatResult('  bare Fastify, same bytes', ceiling),
    `  map / bare: ${((map.rps / ceiling.rps) * 100).toFixed(1)} %; features per answer: mean ${(features / bodies.length).toFixed(0)}, largest ${largest} (bound 500)`,
  ];
}

/** Standalone: seed a database, start the server on it, run the mix. */
async function main() {
  const count = Number(process.env.BENCH_STARTERS ?? 100_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const url = process.env.BENCH_DATABASE_URL;
  const kind = process.env.BENCH_DB ?? (url ? 'postgres' : 'pglite');
  const connections = Number(process.env.BENCH_CONNECTIONS ?? (kind === 'postgres' ? 50 : 10));
  const { database, dir: dataDir } = await openBenchDatabase(kind, 'cultureshare-bench-map-');
  const places = gazetteerPlaces(420);
  const seeding = performance.now();
  await seedStarters(database.db, count, places);
  await database.close();
  console.log(
    `${kind}: seeded ${count} starters at ${places.length} places in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ${connections} connections, ${seconds} s`,
  );
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = startProcess('server/src/main.ts', {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: kind === 'postgres' ? url! : '',
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  const lines = await benchMap(port, {
    places,
    connections,
    seconds,
    label: `${kind} ${count} map`,
    workDir: dataDir,
  });
  console.log(lines.join('\n'));
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
