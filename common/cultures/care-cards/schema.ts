import { z } from 'zod';
import { CULTURE_FORMS } from '../cultures';
import { quantityProblem } from './quantities';

/** Card text: plain sentences, every quantity a metric token (see quantities.ts). */
const cardText = z
  .string()
  .trim()
  .min(1)
  .superRefine((text, ctx) => {
    const problem = quantityProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** How to wake the culture after travel, for each form it can arrive in. */
const wakeSchema = z
  .strictObject(
    Object.fromEntries(
      CULTURE_FORMS.map((form) => [form, z.array(cardText).min(1).optional()]),
    ) as {
      [K in (typeof CULTURE_FORMS)[number]]: z.ZodOptional<z.ZodArray<typeof cardText>>;
    },
  )
  .refine((wake) => Object.values(wake).some(Boolean), 'Say how to wake it in at least one form');

/**
 * A care card: what a culture of one subcategory needs, written for CultureShare. Cards live in
 * the repository (common/cultures/care-cards/<category>.ts) and are reviewed like code.
 */
export const careCardSchema = z.strictObject({
  /** The catalogue's subcategory key, or 'other'. */
  subcategory: z.string().min(1),
  title: cardText,
  summary: cardText,
  /** What it eats. */
  eats: cardText,
  /** How much of each at a feed, and how often. */
  feeding: z.strictObject({ ratio: cardText, schedule: cardText }),
  /** Where it is happiest, in °C (metric stored; the page converts). */
  temperatureC: z
    .strictObject({ min: z.number(), max: z.number() })
    .refine((t) => t.min < t.max && t.min >= -30 && t.max <= 60, 'A range in °C, low to high'),
  temperatureNote: cardText,
  storage: z.array(cardText).min(1),
  wake: wakeSchema,
  healthy: z.strictObject({ looks: cardText, smells: cardText }),
  /** When to throw it away (in line with the Safety Guidelines page). */
  discard: z.array(cardText).min(3),
  /**
   * An active culture not fed for longer than this many days "may need a feed" (freshness).
   * Must match FEED_WITHIN_DAYS in common/cultures/freshness.ts, which browse uses without the cards.
   */
  feedWithinDays: z.number().int().min(1).max(90),
});

export type CareCard = z.infer<typeof careCardSchema>;
