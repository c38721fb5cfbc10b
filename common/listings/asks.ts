import { z } from 'zod';
import { idField } from '../site/ids';
import { ALERT_FREQUENCIES } from './alerts';
import { categoryKeys, type CategoryKey } from './catalogue';
import { MESSAGE_MAX_LENGTH } from '../site/constants';
import { blankToUndefined, multiLineText, singleLineText } from '../site/text';
import { browseFilterFields, checkStarterType, pagingFields } from './starters';
import { publicUserSchema } from '../members/users';

/** How long an ask stands unless its owner says otherwise, and the longest they may choose. */
export const ASK_DEFAULT_DAYS = 30;
export const ASK_MAX_DAYS = 90;
export const ASK_NOTE_MAX_LENGTH = 1000;
export const ASK_SEARCH_MAX_LENGTH = 120;
export const ASK_LOCATION_MAX_LENGTH = 120;
/** "Could you help?" reaches members within this many km of the ask's place. */
export const ASK_RADIUS_KM = 10;

export const ASK_UNKNOWN_PLACE = 'Choose a place from the list';
export const ASK_CLOSED = 'This ask is closed';
export const ASK_NOT_YOURS = 'Only the member who asked can do that';
export const ASK_OWN = 'This is your own ask';
export const ASK_HELP_LISTING =
  'Choose one of your open listings of this kind to offer, or share one first';

const daysSchema = z.coerce
  .number('Days must be a number')
  .int('Days must be a whole number')
  .min(1, `Choose between 1 and ${ASK_MAX_DAYS} days`)
  .max(ASK_MAX_DAYS, `Choose between 1 and ${ASK_MAX_DAYS} days`);

/** POST /api/asks: what is wanted (a catalogue category and type, optional words), where, why. */
export const createAskSchema = z
  .object({
    category: z
      .string('Category is required')
      .refine((v) => categoryKeys.includes(v as CategoryKey), {
        message: 'Category is required',
      }),
    subcategory: z.string('Starter type is required').min(1, 'Starter type is required'),
    search: z.preprocess(
      blankToUndefined,
      singleLineText()
        .max(ASK_SEARCH_MAX_LENGTH, `Words must be at most ${ASK_SEARCH_MAX_LENGTH} characters`)
        .optional(),
    ),
    location: singleLineText()
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, 'Location is required')
          .max(
            ASK_LOCATION_MAX_LENGTH,
            `Location must be at most ${ASK_LOCATION_MAX_LENGTH} characters`,
          ),
      ),
    note: z.preprocess(
      blankToUndefined,
      multiLineText()
        .max(ASK_NOTE_MAX_LENGTH, `Note must be at most ${ASK_NOTE_MAX_LENGTH} characters`)
        .optional(),
    ),
    days: z.preprocess(blankToUndefined, daysSchema.default(ASK_DEFAULT_DAYS)),
    /**
     * How often new matching listings are mailed while the ask is open (its bell rings for
     * each): as an alert's choice, at once unless a digest is chosen.
     */
    frequency: z.preprocess(
      blankToUndefined,
      z.enum(ALERT_FREQUENCIES, 'Choose immediately, daily or weekly').default('immediate'),
    ),
  })
  .superRefine(checkStarterType);
export type CreateAskInput = z.input<typeof createAskSchema>;
export type CreateAsk = z.output<typeof createAskSchema>;

/** POST /api/asks/:id/renew: stand for this many more days from today (default 30). */
export const renewAskSchema = z.object({
  days: z.preprocess(blankToUndefined, daysSchema.default(ASK_DEFAULT_DAYS)),
});

/** POST /api/asks/:id/help: "I can help", offering one of the helper's own open listings. */
export const askHelpSchema = z.object({
  starterId: idField(ASK_HELP_LISTING),
  content: multiLineText()
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, 'Write a message')
        .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
    ),
});
export type AskHelp = z.output<typeof askHelpSchema>;
export const askHelpAnswerSchema = z.object({
  starterId: z.number().int(),
  receiverId: z.string(),
});

export const askSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  subcategory: z.string(),
  search: z.string().nullable(),
  location: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Set when its owner closed it (fulfilled); only the owner still sees a closed ask. */
  closedAt: z.string().nullable(),
  user: publicUserSchema,
});
export type Ask = z.infer<typeof askSchema>;

/** GET /api/asks: open asks, newest first, with the filters browse has for offers. */
export const askListQuerySchema = z.object({ ...pagingFields, ...browseFilterFields });
export type AskListQuery = z.output<typeof askListQuerySchema>;

export const askListSchema = z.object({ asks: z.array(askSchema), total: z.number().int() });

/** GET /api/starters/:id/asks (its owner): the open asks told of this listing when it was new. */
export const listingAsksSchema = z.object({ asks: z.array(askSchema) });
export type ListingAsks = z.infer<typeof listingAsksSchema>;
export type AskList = z.infer<typeof askListSchema>;
