/**
 * Writes docs/decisions/README.md, the index of the decision records: each record's number,
 * title and `Status:` line. With `--check` it writes nothing and fails when a record has no
 * status or the index is not the one the records make (run in `npm test`).
 */
import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';

import { projectRoot } from '../server/src/project-root';

const folder = path.join(projectRoot, 'docs/decisions');
const indexFile = path.join(folder, 'README.md');

interface DecisionRecord {
  file: string;
  title: string;
  status: string | undefined;
}

function readRecords(): DecisionRecord[] {
  return fs
    .readdirSync(folder)
    .filter((file) => /^\d{3}-.*\.md$/.test(file))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(folder, file), 'utf8');
      const title = /^# (.*)$/m.exec(text)?.[1] ?? file;
      const status = /^Status: (.*)$/m.exec(text)?.[1];
      return { file, title, status };
    });
}

async function indexText(records: DecisionRecord[]): Promise<string> {
  const rows = records.map(
    ({ file, title, status }) => `| [${title.replace(/\|/g, '\\|')}](${file}) | ${status ?? ''} |`,
  );
  const text = [
    '# Decision records',
    '',
    'Why the code is the way it is, one decision a file, numbered in the order they were made.',
    'A record is never rewritten to say something else: a later one amends or supersedes it, and',
    'its `Status:` line says so. This index is written by `node --import tsx',
    'scripts/decisions-index.ts` from the records themselves (`npm test` checks it is current).',
    '',
    '| decision | status |',
    '| --- | --- |',
    ...rows,
    '',
  ].join('\n');
  // Formatted as the repository's Prettier would, so the check reads the same bytes.
  const options = await prettier.resolveConfig(indexFile);
  return prettier.format(text, { ...options, filepath: indexFile });
}

const records = readRecords();
if (process.argv.includes('--check')) {
  const missing = records.filter((record) => !record.status).map((record) => record.file);
  if (missing.length > 0) {
    console.error(`decision records without a "Status:" line: ${missing.join(', ')}`);
    process.exit(1);
  }
  const current = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : '';
  if (current !== (await indexText(records))) {
    console.error(
      'docs/decisions/README.md is out of date: run node --import tsx scripts/decisions-index.ts',
    );
    process.exit(1);
  }
  console.log(`${records.length} decision records, each with a status, all in the index`);
} else {
  fs.writeFileSync(indexFile, await indexText(records));
}
