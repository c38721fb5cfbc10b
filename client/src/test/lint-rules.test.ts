// @vitest-environment node
/// <reference types="node" />
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.config.js, run on fixture code. If a rule is dropped or its zones
 * stop matching, these fail.
 */
const configFile = fileURLToPath(new URL('../../../eslint.config.js', import.meta.url));
const repoRoot = dirname(configFile);

/** A cycle needs both files on disk: they go in a scratch tree linted with the real config. */
const cycleFiles: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { moduleResolution: 'Bundler' } }),
  'server/src/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;\n",
  'server/src/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;\n",
  'client/src/features/starters/cycle-c.ts':
    "import { d } from './cycle-d';\nexport const c = () => d;\n",
  'client/src/features/starters/cycle-d.ts':
    "import { c } from './cycle-c';\nexport const d = () => c;\n",
};
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  for (const [path, text] of Object.entries(cycleFiles)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  }
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function cycleRuleIds(path: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: scratch, overrideConfigFile: configFile });
  const [result] = await eslint.lintFiles([join(scratch, path)]);
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

/** Client code as if it sat at `path` in this repository, importing the real files. */
async function clientRuleIds(path: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, path) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('import rules', () => {
  it('refuse an import cycle in the server', async () => {
    expect(await cycleRuleIds('server/src/cycle-a.ts')).toContain('import-x/no-cycle');
  });

  it('refuse an import cycle in the client', async () => {
    expect(await cycleRuleIds('client/src/features/starters/cycle-c.ts')).toContain(
      'import-x/no-cycle',
    );
  });

  it('refuse a client feature importing another feature', async () => {
    const ids = await clientRuleIds(
      'client/src/features/starters/lint-fixture.ts',
      "import { messagesKeys } from '../messages/messages-api';\nexport const keys = messagesKeys;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuse shared client code importing a feature', async () => {
    const ids = await clientRuleIds(
      'client/src/lib/lint-fixture.ts',
      "import { messagesKeys } from '../features/messages/messages-api';\nexport const keys = messagesKeys;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('let a feature use lib and its own files, and a page compose features', async () => {
    expect(
      await clientRuleIds(
        'client/src/features/starters/lint-fixture.ts',
        "import { cn } from '../../lib/cn';\nimport { starterKeys } from './starters-api';\nexport const x = [cn, starterKeys];\n",
      ),
    ).toEqual([]);
    expect(
      await clientRuleIds(
        'client/src/pages/lint-fixture.ts',
        "import { messagesKeys } from '../features/messages/messages-api';\nimport { starterKeys } from '../features/starters/starters-api';\nexport const x = [messagesKeys, starterKeys];\n",
      ),
    ).toEqual([]);
  });
});
