import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CULTURE_FORMS, type CultureForm } from '../../../../common/cultures/cultures';
import {
  LABEL_CODE_ALPHABET,
  LABEL_CODE_LENGTH,
  LABEL_NOT_FOUND,
  LABEL_OWN,
  LABEL_USED,
  labelPath,
  SCAN_KEPT_DAYS,
  type LabelsQuery,
  type LabelView,
  type ReceivedLabel,
} from '../../../../common/cultures/labels';
import {
  loadStarterFacts,
  requireStarter,
  wasDeleted,
  type Viewer,
} from '../../access/starter-access';
import * as clock from '../../clock/clock';
import { siteUrl } from '../../config';
import type { DbOrTx } from '../../db/client';
import { handovers, jarLabels, starters, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { dateFor, wordFor, type Reader } from '../../i18n/wording';
import { withQuota } from '../../plugins/rate-limit';
import type { SessionUser } from '../../plugins/sessions';
import { blockBetween } from '../blocks/blocks.service';
import { recordAnswer, recordGift } from '../handovers/handovers.service';
import { publishLines } from '../messages/system-lines';
import { openOwnStarterForUpdate } from '../starters/listing-terms.service';
import { careLines } from './care-lines';
import { labelsPdf, type JarLabel } from './label-pdf';

/** Label PDFs a member may print an hour: each stores new codes. */
export const LABEL_PRINTS_PER_HOUR = 30;
export const TOO_MANY_LABELS =
  "You've printed a lot of labels in a short time. Please try again later.";

/** A new label code: LABEL_CODE_LENGTH letters drawn from a cryptographic source. */
export function newLabelCode(): string {
  let code = '';
  for (let i = 0; i < LABEL_CODE_LENGTH; i++) {
    code += LABEL_CODE_ALPHABET[randomInt(LABEL_CODE_ALPHABET.length)];
  }
  return code;
}

const isLabelCode = (code: string) =>
  code.length === LABEL_CODE_LENGTH && [...code].every((c) => LABEL_CODE_ALPHABET.includes(c));

const formOf = (form: string): CultureForm =>
  (CULTURE_FORMS as readonly string[]).includes(form) ? (form as CultureForm) : 'active';

/** "Active · fed Thu, Nov 26, 2026", or the form alone when it was never fed here. */
function formLine(starter: { form: string; lastFedAt: Date | null }, reader: Reader): string {
  const form = wordFor({ key: `pages:jar.forms.${formOf(starter.form)}` }, reader);
  if (!starter.lastFedAt) return form;
  const fed = wordFor(
    { key: 'pages:jar.pdf.fed', values: { date: dateFor(starter.lastFedAt, reader) } },
    reader,
  );
  return `${form} · ${fed}`;
}

/**
 * GET /api/starters/:id/labels.pdf: the owner prints `count` labels, each with a new code,
 * stored before the PDF is written, for one portion each.
 */
export async function printLabels(
  deps: Pick<AppDeps, 'db' | 'config' | 'limiter'>,
  actor: SessionUser,
  input: { starterId: number; reader: Reader } & LabelsQuery,
): Promise<Buffer> {
  const { reader } = input;
  const print = () =>
    deps.db.transaction(async (tx) => {
      await requireStarter(tx, actor, input.starterId, 'change');
      const codes = Array.from({ length: input.count }, newLabelCode);
      await tx
        .insert(jarLabels)
        .values(
          codes.map((code) => ({ code, starterId: input.starterId, createdAt: clock.now() })),
        );
      const [row] = await tx
        .select({
          title: starters.title,
          form: starters.form,
          lastFedAt: starters.lastFedAt,
          subcategory: starters.subcategory,
        })
        .from(starters)
        .where(eq(starters.id, input.starterId));
      return { ...row!, codes };
    });
  const starter = await withQuota(
    deps.limiter,
    `labels:${actor.id}`,
    LABEL_PRINTS_PER_HOUR,
    60 * 60 * 1000,
    TOO_MANY_LABELS,
    print,
  );
  const origin = siteUrl(deps.config);
  const care = careLines(starter.subcategory, reader);
  const labels: JarLabel[] = starter.codes.map((code) => ({
    title: starter.title,
    formLine: formLine(starter, reader),
    care,
    url: `${origin}${labelPath(code)}`,
    shortLink: `${origin.replace(/^https?:\/\//, '')}${labelPath(code)}`,
  }));
  return labelsPdf(labels, {
    layout: input.layout,
    language: reader.language,
    title: wordFor(
      { key: 'pages:jar.pdf.documentTitle', values: { title: starter.title } },
      reader,
    ),
  });
}

/** The label with `code`, or 404 (anything that is not a code's shape is unknown too). */
async function findLabel(db: DbOrTx, code: string, { lock = false } = {}) {
  if (!isLabelCode(code)) throw notFound(LABEL_NOT_FOUND);
  const query = db.select().from(jarLabels).where(eq(jarLabels.code, code));
  const [label] = lock ? await query.for('update') : await query;
  if (!label) throw notFound(LABEL_NOT_FOUND);
  return label;
}

/** A member's first name as a label's page shows it, else how they are named elsewhere. */
async function firstNameOf(db: DbOrTx, memberId: string | null | undefined): Promise<string> {
  if (!memberId) return '';
  const [row] = await db
    .select({ firstName: users.firstName, username: users.username })
    .from(users)
    .where(eq(users.id, memberId));
  return row?.firstName?.trim() || row?.username?.trim() || '';
}

/**
 * GET /api/labels/:code: what the page of a scanned label shows — the culture on the label
 * (its words are on the jar already, whoever holds it), who gave it, and once received, who has
 * it now. The family's story and map come from the family tree's own call.
 */
export async function getLabel(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  input: { code: string },
): Promise<LabelView> {
  const label = await findLabel(deps.db, input.code);
  const [starter] = await deps.db
    .select({
      title: starters.title,
      form: starters.form,
      lastFedAt: starters.lastFedAt,
      subcategory: starters.subcategory,
      ownerId: starters.userId,
      deletedAt: starters.deletedAt,
    })
    .from(starters)
    .where(eq(starters.id, label.starterId));
  if (!starter || wasDeleted(starter)) throw notFound(LABEL_NOT_FOUND);
  const [handover] = label.handoverId
    ? await deps.db
        .select({ recipientId: handovers.recipientId })
        .from(handovers)
        .where(eq(handovers.id, label.handoverId))
    : [];
  const used = !!label.usedAt;
  return {
    code: label.code,
    starterId: label.starterId,
    title: starter.title,
    form: formOf(starter.form),
    subcategory: starter.subcategory,
    lastFedAt: starter.lastFedAt?.toISOString() ?? null,
    giverName: await firstNameOf(deps.db, starter.ownerId),
    mine: viewer?.id === starter.ownerId,
    holderName: used ? await firstNameOf(deps.db, handover?.recipientId) : null,
    receivedByMe: used && !!viewer && handover?.recipientId === viewer.id,
  };
}

/**
 * When a scan happened: the time its device kept while offline, held between the label's
 * printing (or SCAN_KEPT_DAYS back) and now; now when the scan was sent as it happened.
 */
function scanTime(said: string | undefined, printedAt: Date): Date {
  const now = clock.nowMs();
  if (!said) return new Date(now);
  const earliest = Math.max(printedAt.getTime(), now - SCAN_KEPT_DAYS * 24 * 60 * 60 * 1000);
  return new Date(Math.min(now, Math.max(earliest, Date.parse(said))));
}

/**
 * POST /api/labels/:code/receive: the member who has the jar in hand records its hand-over with
 * one scan — given and confirmed at once, by the hand-over service's own steps, so the giver is
 * told, the check-ins follow and their kitchen joins the family. A code works once.
 */
export async function receiveLabel(
  deps: Pick<AppDeps, 'db' | 'live' | 'listings' | 'config'>,
  actor: SessionUser,
  input: { code: string; scannedAt?: string },
): Promise<ReceivedLabel> {
  const { result, lines } = await deps.db.transaction(async (tx) => {
    const label = await findLabel(tx, input.code, { lock: true });
    const facts = await loadStarterFacts(tx, label.starterId);
    if (!facts || wasDeleted(facts)) throw notFound(LABEL_NOT_FOUND);
    if (label.usedAt) throw conflict(LABEL_USED);
    if (facts.ownerId === actor.id) throw badRequest(LABEL_OWN);
    // As the giver: the listing must still be open, and it is locked for the portion's count.
    const starter = await openOwnStarterForUpdate(
      tx,
      { id: facts.ownerId, isModerator: false },
      label.starterId,
    );
    const { byMe, byThem } = await blockBetween(tx, actor.id, facts.ownerId);
    if (byMe || byThem) throw forbidden("You can't receive a portion from this member");
    const gift = await recordGift(tx, deps.config, starter, {
      giverId: facts.ownerId,
      memberId: actor.id,
    });
    const [handover] = await tx
      .select()
      .from(handovers)
      .where(eq(handovers.id, gift.id))
      .for('update');
    const answer = await recordAnswer(tx, deps.config, { handover: handover!, received: true });
    await tx
      .update(jarLabels)
      .set({
        usedAt: clock.now(),
        handoverId: gift.id,
        scannedAt: scanTime(input.scannedAt, label.createdAt),
      })
      .where(eq(jarLabels.code, label.code));
    return {
      result: { handoverId: gift.id, starterId: label.starterId },
      lines: [...gift.lines, answer],
    };
  });
  deps.listings.clear();
  await publishLines(deps, lines);
  return result;
}
