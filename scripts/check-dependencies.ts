/**
 * Checks the production dependency tree (every package in package-lock.json that `npm ci
 * --omit=dev` would install) against two promises the project makes:
 *
 * - its licence (AGPL-3.0-or-later, LICENSE): every package's licence is one that can be
 *   combined with it (decision 132);
 * - its `engines.node` floor: no package asks for a newer Node than the floor says.
 *
 * Prints the licences with their counts, and each breach; exits 1 on any breach.
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

import { projectRoot } from '../server/src/project-root';

/** Licences whose terms allow a combined work under the AGPL-3.0 (SPDX identifiers). */
export const COMPATIBLE_LICENCES = new Set([
  '0BSD',
  'AGPL-3.0',
  'AGPL-3.0-only',
  'AGPL-3.0-or-later',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'CC-BY-4.0',
  'GPL-3.0',
  'GPL-3.0-only',
  'GPL-3.0-or-later',
  'ISC',
  'LGPL-3.0',
  'LGPL-3.0-only',
  'LGPL-3.0-or-later',
  'MIT',
  'MIT-0',
  'MPL-2.0',
  'OFL-1.1',
  'Python-2.0',
  'Unlicense',
  'Zlib',
]);

/**
 * Whether an SPDX expression can be used under the project's licence: every part joined by AND
 * must be allowed, one part of an OR is enough. Parentheses group.
 */
export function licenceAllowed(expression: string): boolean {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  function orExpression(): boolean {
    let allowed = andExpression();
    while (tokens[at] === 'OR') {
      at += 1;
      allowed = andExpression() || allowed;
    }
    return allowed;
  }
  function andExpression(): boolean {
    let allowed = term();
    while (tokens[at] === 'AND') {
      at += 1;
      allowed = term() && allowed;
    }
    return allowed;
  }
  function term(): boolean {
    const token = tokens[at++];
    if (token === '(') {
      const allowed = orExpression();
      at += 1; // ')'
      return allowed;
    }
    return token !== undefined && COMPATIBLE_LICENCES.has(token.replace(/\+$/, ''));
  }
  const allowed = orExpression();
  return allowed && at === tokens.length;
}

/**
 * Packages whose package.json names no licence but which ship a LICENSE file, read by hand: the
 * licence that file grants, for that version only (a new version is read again). Decision 157.
 */
export const LICENCE_FROM_FILE: Readonly<Record<string, string>> = {
  // pdfkit's PNG reader; its LICENSE is the MIT licence (Devon Govett).
  'png-js@2.0.0': 'MIT',
};

interface LockEntry {
  version?: string;
  license?: string;
  dev?: boolean;
  engines?: { node?: string } | string[];
}

export interface DependencyReport {
  licences: Map<string, number>;
  breaches: string[];
}

export function checkDependencies(root: string): DependencyReport {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    engines: { node: string };
  };
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const floor = semver.minVersion(manifest.engines.node);
  if (!floor) throw new Error(`package.json engines.node is not a range: ${manifest.engines.node}`);
  const licences = new Map<string, number>();
  const breaches: string[] = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (where === '' || entry.dev) continue;
    const name = `${where.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'}`;
    const licence = entry.license ?? LICENCE_FROM_FILE[name] ?? 'none';
    licences.set(licence, (licences.get(licence) ?? 0) + 1);
    if (!licenceAllowed(licence)) breaches.push(`${name}: licence ${licence} is not allowed`);
    const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (node && !semver.satisfies(floor, node)) {
      breaches.push(`${name}: asks for Node ${node}, the floor is ${manifest.engines.node}`);
    }
  }
  return { licences, breaches };
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const { licences, breaches } = checkDependencies(projectRoot);
  const counts = [...licences].sort((a, b) => b[1] - a[1]);
  console.log(`production licences: ${counts.map(([l, n]) => `${l} ${n}`).join(', ')}`);
  for (const breach of breaches) console.error(breach);
  if (breaches.length > 0) process.exit(1);
  console.log('every production dependency is compatible with the licence and the Node floor');
}
