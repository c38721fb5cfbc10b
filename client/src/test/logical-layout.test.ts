// @vitest-environment node
/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Right-to-left ready (decision 103): the app's classes say start and end, never left and right,
 * so a right-to-left language is a catalogue away. Centring (`left-1/2` with its translate) is
 * the same both ways and allowed.
 */
const src = fileURLToPath(new URL('..', import.meta.url));
const PHYSICAL =
  /(?<![\w-])(?:[\w[\]=&-]+:)*-?(?:(?:ml|mr|pl|pr|scroll-ml|scroll-mr|scroll-pl|scroll-pr|right|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br|border-l|border-r)-[\w./[\]%-]+|left-(?!1\/2)[\w./[\]%-]+|text-(?:left|right)(?![\w-])|border-[lr](?![\w-]))/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each quoted string of a file that holds a physical direction class. */
function physicalClasses(code: string): string[] {
  const found: string[] = [];
  for (const literal of code.matchAll(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g))
    for (const m of literal[0].matchAll(PHYSICAL)) found.push(m[0]);
  return found;
}

describe('layout classes', () => {
  it('find a physical class where one is written', () => {
    expect(physicalClasses('<div className="ml-2 pr-4 sm:left-3 text-right" />')).toEqual([
      'ml-2',
      'pr-4',
      'sm:left-3',
      'text-right',
    ]);
    expect(physicalClasses('<div className="ms-2 pe-4 left-1/2 -translate-x-1/2" />')).toEqual([]);
  });

  it('use start and end, never left and right, in every file of the app', () => {
    const offenders = sources(src).flatMap((file) =>
      physicalClasses(readFileSync(file, 'utf8')).map((c) => `${relative(src, file)}: ${c}`),
    );
    expect(offenders).toEqual([]);
  });
});
