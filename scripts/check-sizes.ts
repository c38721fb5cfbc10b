/**
 * Holds the code to the size it is kept readable at (decisions 147 and 151): no React component
 * in client/src longer than 200 lines, and no other function longer than 100 in client/src,
 * server/src or common/ — production code only: tests, test helpers, migrations, the test seed
 * and the demo data aside. A component is a function named with a capital letter in a .tsx
 * file; lines are counted from the function's first line to its last, its doc comment aside.
 *
 * Prints each function over its limit with its length and place; exits 1 on any, except those
 * listed in KNOWN_OVER, which it names as still to split (and fails once one of them fits, so
 * the list is kept short).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

import { projectRoot } from '../server/src/project-root';

const COMPONENT_MAX_LINES = 200;
const FUNCTION_MAX_LINES = 100;

/** Folders whose code is measured, from the project's root. */
const ROOTS = ['client/src', 'server/src', 'common'];

/**
 * Code that is not the product's own and is not measured: tests and their helpers, committed
 * migrations, the test seed and the demo data (paths from the project's root, with `/`).
 */
const NOT_MEASURED = [
  /\.test\.tsx?$/,
  /^server\/src\/test\//,
  /^server\/src\/db\/migrations\//,
  /^server\/src\/test-seed\//,
  /^server\/src\/cli\/demo-(data|photos|seed)\.ts$/,
];

/** `file:name` of functions over their limit that are being split (issue 45); none today. */
const KNOWN_OVER = new Set<string>([]);

interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
  limit: number;
}

/** The measured source files under `dir`, as paths from the project's root. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    const measured = /\.tsx?$/.test(file) && !NOT_MEASURED.some((pattern) => pattern.test(file));
    return measured ? [file] : [];
  });
}

/** The name a function is known by: its own, or the variable or property it is given to. */
function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    ts.isIdentifier(parent.name)
  ) {
    return parent.name.text;
  }
  return '(anonymous)';
}

/** Every function in `file` longer than its limit. */
function longFunctions(file: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node)) &&
      node.body
    ) {
      const name = functionName(node);
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      const component = file.endsWith('.tsx') && /^[A-Z]/.test(name);
      const limit = component ? COMPONENT_MAX_LINES : FUNCTION_MAX_LINES;
      if (lines > limit) found.push({ file, name, line: first + 1, lines, limit });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function main(): void {
  const long = ROOTS.flatMap(sourceFiles).flatMap((file) =>
    longFunctions(file, fs.readFileSync(path.join(projectRoot, file), 'utf8')),
  );
  let failed = false;
  for (const f of long) {
    const known = KNOWN_OVER.has(`${f.file}:${f.name}`);
    failed ||= !known;
    console.log(
      `${known ? 'still to split' : 'too long'}: ${f.name} (${f.file}:${f.line}) is ${f.lines} lines, over ${f.limit}`,
    );
  }
  for (const key of KNOWN_OVER) {
    if (!long.some((f) => `${f.file}:${f.name}` === key)) {
      failed = true;
      console.log(`${key} now fits: take it off KNOWN_OVER in scripts/check-sizes.ts`);
    }
  }
  if (!failed) {
    const but = long.length > 0 ? `, but the ${long.length} still to split above` : '';
    console.log(
      `every component in client/src fits in ${COMPONENT_MAX_LINES} lines, every other function in ${ROOTS.join(', ')} in ${FUNCTION_MAX_LINES}${but}`,
    );
  }
  process.exitCode = failed ? 1 : 0;
}

main();
