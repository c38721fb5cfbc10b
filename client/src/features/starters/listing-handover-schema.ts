import { z } from 'zod';
import { createStarterSchema } from '../../../../common/starters';
import { singleLineText } from '../../../../common/text';

export const BRING_MAX_LENGTH = 120;

/**
 * The hand-over fields of POST /api/starters as the /post form checks them. Kept beside the
 * spec's fields (not inside them) so the spec's own schema and messages stay untouched.
 */
export const listingHandoverSchema = z
  .object({
    portions: z
      .number('Portions must be a number from 1 to 20')
      .int('Portions must be a whole number')
      .min(1, 'At least 1 portion')
      .max(20, 'At most 20 portions'),
    travel: z
      .array(z.enum(['pickup', 'post']))
      .min(1, 'Choose pickup, post, or both'),
    postage: z.enum(['giver', 'recipient']).nullable().optional(),
    bring: singleLineText()
      .trim()
      .max(BRING_MAX_LENGTH, `At most ${BRING_MAX_LENGTH} characters`),
    availableDays: z
      .number('Days must be a number from 7 to 90')
      .int('Days must be a whole number')
      .min(7, 'At least 7 days')
      .max(90, 'At most 90 days'),
  })
  .superRefine((value, ctx) => {
    if (value.travel.includes('post') && !value.postage) {
      ctx.addIssue({
        code: 'custom',
        path: ['postage'],
        message: 'Say who covers postage',
      });
    }
  });

export const postStarterFormSchema = z.intersection(createStarterSchema, listingHandoverSchema);

export const LISTING_HANDOVER_DEFAULTS = {
  portions: 1,
  travel: ['pickup'] as ('pickup' | 'post')[],
  postage: null,
  bring: '',
  availableDays: 30,
};

export const LISTING_HANDOVER_FIELD_NAMES = [
  'portions',
  'travel',
  'postage',
  'bring',
  'availableDays',
] as const;

/** The hand-over fields into the multipart body: `travel` repeated, as the contract says. */
export function appendListingHandover(
  form: FormData,
  values: z.output<typeof listingHandoverSchema>,
): void {
  form.set('portions', String(values.portions));
  for (const way of values.travel) form.append('travel', way);
  if (values.travel.includes('post') && values.postage) form.set('postage', values.postage);
  if (values.bring) form.set('bring', values.bring);
  form.set('availableDays', String(values.availableDays));
}
