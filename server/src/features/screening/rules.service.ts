import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BuiltInRuleCode,
  ScreeningSettings,
  screeningWordSchema,
  updateBuiltInRuleSchema,
} from '../../../../common/moderation/screening';
import { assertModerator } from '../../access/members';
import * as clock from '../../clock/clock';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { moderationActions, screeningRules } from '../../db/schema';
import { notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import corpus from './corpus.json' with { type: 'json' };
import { corpusFigures, type CorpusEntry } from './rules';
import { loadRules } from './screening.service';

type UpdateBuiltIn = z.output<typeof updateBuiltInRuleSchema>;
type WordInput = z.output<typeof screeningWordSchema>;

/** The labelled messages in the repository that every change of the rules is measured on. */
export const CORPUS = corpus as CorpusEntry[];

/** GET /api/moderation/screening: the rules in force and how they do on the corpus. */
export async function screeningSettings(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<ScreeningSettings> {
  assertModerator(actor);
  const rules = await loadRules(deps.db);
  return { rules, figures: corpusFigures(CORPUS, rules) };
}

async function audit(tx: DbOrTx, actor: SessionUser, details: Record<string, unknown>) {
  await tx.insert(moderationActions).values({
    moderatorId: actor.id,
    action: 'screening_rule',
    details,
  });
}

/** PUT /api/moderation/screening/rules/:code: a built-in rule's actions and exception. */
export async function updateBuiltInRule(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  code: BuiltInRuleCode,
  input: UpdateBuiltIn,
): Promise<ScreeningSettings> {
  assertModerator(actor);
  await deps.db.transaction(async (tx) => {
    const values = {
      code,
      action: input.action,
      strictAction: input.strictAction,
      exception: input.exception || null,
      updatedBy: actor.id,
      updatedAt: clock.now(),
    };
    const [existing] = await tx
      .select({ id: screeningRules.id })
      .from(screeningRules)
      .where(eq(screeningRules.code, code))
      .for('update');
    if (existing) {
      await tx.update(screeningRules).set(values).where(eq(screeningRules.id, existing.id));
    } else {
      await tx.insert(screeningRules).values(values);
    }
    await audit(tx, actor, { rule: code, ...input });
  });
  return screeningSettings(deps, actor);
}

/** A watched word's row as a moderator sets it. */
const wordValues = (input: WordInput, actor: SessionUser) => ({
  words: input.words,
  exception: input.exception || null,
  action: input.action,
  strictAction: input.strictAction,
  updatedBy: actor.id,
  updatedAt: clock.now(),
});

/** POST /api/moderation/screening/words: a word or phrase moderators watch for. */
export async function addWord(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: WordInput,
): Promise<ScreeningSettings> {
  assertModerator(actor);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(screeningRules)
      .values({ code: 'word', ...wordValues(input, actor) })
      .returning({ id: screeningRules.id });
    await audit(tx, actor, { rule: 'word', wordId: row!.id, added: input });
  });
  return screeningSettings(deps, actor);
}

const wordRow = (id: number) => and(eq(screeningRules.id, id), eq(screeningRules.code, 'word'));

/** PUT /api/moderation/screening/words/:id */
export async function updateWord(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  id: number,
  input: WordInput,
): Promise<ScreeningSettings> {
  assertModerator(actor);
  await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(screeningRules)
      .set(wordValues(input, actor))
      .where(wordRow(id))
      .returning({ id: screeningRules.id });
    if (changed.length === 0) throw notFound('Word not found');
    await audit(tx, actor, { rule: 'word', wordId: id, changed: input });
  });
  return screeningSettings(deps, actor);
}

/** DELETE /api/moderation/screening/words/:id */
export async function deleteWord(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  id: number,
): Promise<ScreeningSettings> {
  assertModerator(actor);
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(screeningRules)
      .where(wordRow(id))
      .returning({ words: screeningRules.words });
    if (removed.length === 0) throw notFound('Word not found');
    await audit(tx, actor, { rule: 'word', wordId: id, removed: removed[0]!.words });
  });
  return screeningSettings(deps, actor);
}
