import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_NAMESPACES, type Language } from '../../../common/i18n/languages';

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
  const manifest = readManifest(clientRoot);
  return once((module: string) => chunksOf(manifest, [module]));
}

/**
 * The chunks the app loads before its first render in `language`, beyond the first-load script:
 * every client catalogue of that language and of English (the fallback), its date wording, and
 * the ICU formatter (client/src/lib/i18n.ts, `loadLanguage` and `allTextsLoaded`). Named with
 * the page, they come beside the app's entry rather than a round trip after it (decision 176).
 */
export function textChunks(clientRoot: string): (language: Language) => string[] {
  const manifest = readManifest(clientRoot);
  return once((language: Language) => {
    const modules = [...new Set(['en', language])].flatMap((l) =>
      CLIENT_NAMESPACES.map((ns) => `../common/locales/${l}/${ns}.json`),
    );
    if (language !== 'en') modules.push(`../node_modules/date-fns/locale/${language}.js`);
    modules.push('../node_modules/intl-messageformat/lib/index.js');
    return chunksOf(manifest, modules).js;
  });
}

/** `find`, worked out once per key: the build does not change while the server runs. */
function once<K, V>(find: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (!known.has(key)) known.set(key, find(key));
    return known.get(key)!;
  };
}

function readManifest(clientRoot: string): Manifest {
  try {
    return JSON.parse(
      fs.readFileSync(path.join(clientRoot, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
  } catch {
    // Built without a manifest (or a test's stand-in page): no preloads beyond index.html's.
    return {};
  }
}

function chunksOf(manifest: Manifest, modules: string[]): RouteChunks {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into);
  };
  if (entryKey) walk(entryKey, loaded);
  const needed = new Set<string>();
  for (const module of modules) walk(module, needed);
  const js: string[] = [];
  const css: string[] = [];
  for (const key of needed) {
    if (loaded.has(key)) continue;
    js.push(`/${manifest[key]!.file}`);
    for (const file of manifest[key]!.css ?? []) css.push(`/${file}`);
  }
  return { js, css };
}
