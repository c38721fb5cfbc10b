import { z } from 'zod';
import { idField } from '../site/ids';
import { blankOrNullToUndefined, multiLineText } from '../site/text';
import { DAY_MS } from '../site/time';

/**
 * What a living culture is when it changes hands (issue "living cultures"): the fields every
 * starter carries beside the spec's, and their limits. The care cards and lineage build on them.
 */
export const CULTURE_FORMS = ['active', 'dried', 'frozen', 'spores'] as const;
export type CultureForm = (typeof CULTURE_FORMS)[number];

export const CARE_NOTES_MAX_LENGTH = 2000;
export const ORIGIN_STORY_MAX_LENGTH = 1000;
/** The oldest "born" year a culture may claim (Carl's Oregon Trail starter is 1847). */
export const BORN_YEAR_MIN = 1500;
/** A "born" year is typed as four digits. */
export const BORN_YEAR_DIGITS = 4;

export const FORM_REQUIRED = 'Choose the culture’s form';
export const LAST_FED_INVALID = 'Last fed must be a date';
export const LAST_FED_IN_FUTURE = 'Last fed cannot be in the future';
export const LAST_FED_ONLY_ACTIVE = 'Last fed only applies to an active culture';
export const ONLY_ACTIVE_IS_FED = 'Only an active culture is fed; this one is not active';
export const CARE_NOTES_TOO_LONG = `Care notes must be at most ${CARE_NOTES_MAX_LENGTH} characters`;
export const ORIGIN_STORY_TOO_LONG = `The origin story must be at most ${ORIGIN_STORY_MAX_LENGTH} characters`;
export const bornYearMessage = () =>
  `Born must be a year between ${BORN_YEAR_MIN} and ${new Date().getUTCFullYear()}`;
export const PARENT_INVALID = 'Choose a culture you received here';
export const PARENT_NOT_RECEIVED =
  'You can only name a culture you received here through a confirmed hand-over';

const optionalText = (max: number, message: string) =>
  z.preprocess(
    blankOrNullToUndefined,
    multiLineText()
      .transform((v) => v.trim())
      .pipe(z.string().max(max, message))
      .optional(),
  );

/** "2026-11-20" (the date input) or a full ISO time; stored as that day's start in UTC. */
const lastFed = z.preprocess(
  blankOrNullToUndefined,
  z
    .string(LAST_FED_INVALID)
    .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, LAST_FED_INVALID)
    .transform((v, ctx) => {
      const date = new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: LAST_FED_INVALID });
        return z.NEVER;
      }
      return date;
    })
    .optional(),
);

/**
 * The culture fields of POST /api/starters and of the /post form, merged into
 * `createStarterSchema`. Cross-field checks are in `checkCulture`.
 */
export const cultureShape = {
  form: z.preprocess(
    blankOrNullToUndefined,
    z.enum(CULTURE_FORMS, FORM_REQUIRED).default('active'),
  ),
  lastFedAt: lastFed,
  careNotes: optionalText(CARE_NOTES_MAX_LENGTH, CARE_NOTES_TOO_LONG),
  parentId: z.preprocess(blankOrNullToUndefined, idField(PARENT_INVALID).optional()),
  originStory: optionalText(ORIGIN_STORY_MAX_LENGTH, ORIGIN_STORY_TOO_LONG),
  bornYear: z.preprocess(
    blankOrNullToUndefined,
    z.coerce
      .number('Born must be a year')
      .int('Born must be a year')
      .refine((v) => v >= BORN_YEAR_MIN && v <= new Date().getUTCFullYear(), {
        error: () => bornYearMessage(),
      })
      .optional(),
  ),
};

/** "Last fed" is for active cultures only, and not tomorrow (a day's grace for time zones). */
export function checkCulture(
  value: { form?: CultureForm; lastFedAt?: Date | undefined },
  ctx: z.RefinementCtx,
) {
  // A field that failed its own check is left as sent; its message is already there.
  if (!(value.lastFedAt instanceof Date)) return;
  if (value.form !== 'active') {
    ctx.addIssue({ code: 'custom', path: ['lastFedAt'], message: LAST_FED_ONLY_ACTIVE });
  } else if (value.lastFedAt.getTime() > Date.now() + DAY_MS) {
    ctx.addIssue({ code: 'custom', path: ['lastFedAt'], message: LAST_FED_IN_FUTURE });
  }
}

/** The culture fields every starter JSON carries. */
export const cultureFieldsSchema = {
  form: z.enum(CULTURE_FORMS),
  /** When an active culture was last fed (ISO), or null. */
  lastFedAt: z.string().nullable(),
  /** The starter it descends from (received here through a confirmed hand-over), or null. */
  parentId: z.number().int().nullable(),
  /** The giver's own care notes (their flour, their schedule); they travel with the culture. */
  careNotes: z.string().nullable(),
  /** The owner's story of where the culture comes from, or null. */
  originStory: z.string().nullable(),
  /** The year the culture was first started, or null. */
  bornYear: z.number().int().nullable(),
};
