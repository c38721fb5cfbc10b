import fs from 'node:fs';
import path from 'node:path';

interface Manifest {
  [key: string]: { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
}

export interface RouteChunks {
  js: string[];
  css: string[];
}

/**
 * The chunks each page module needs at once beyond what index.html already loads, read from
 * the build's manifest (Vite's `build.manifest`), so the page can preload them with itself.
 */
export function routeChunks(clientRoot: string): (module: string) => RouteChunks {
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(
      fs.readFileSync(path.join(clientRoot, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
  } catch {
    // Built without a manifest (or a test's stand-in page): no route preloads.
  }
  const known = new Map<string, RouteChunks>();
  return (module) => {
    let found = known.get(module);
    if (!found) known.set(module, (found = chunksOf(manifest, module)));
    return found;
  };
}

function chunksOf(manifest: Manifest, module: string): RouteChunks {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into);
  };
  if (entryKey) walk(entryKey, loaded);
  const needed = new Set<string>();
  walk(module, needed);
  const js: string[] = [];
  const css: string[] = [];
  for (const key of needed) {
    if (loaded.has(key)) continue;
    js.push(`/${manifest[key]!.file}`);
    for (const file of manifest[key]!.css ?? []) css.push(`/${file}`);
  }
  return { js, css };
}
