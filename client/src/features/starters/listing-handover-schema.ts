import {
  AVAILABLE_DAYS_DEFAULT,
  PORTIONS_DEFAULT,
  type PostagePayer,
  type TravelMode,
} from '../../../../common/handovers';
import type { CreateStarter } from '../../../../common/starters';

/** The /post form's starting hand-over terms: one portion, pickup, 30 days. */
export const LISTING_HANDOVER_DEFAULTS = {
  portions: PORTIONS_DEFAULT,
  travel: ['pickup'] as TravelMode[],
  postage: null as PostagePayer | null,
  bring: '',
  availableDays: AVAILABLE_DAYS_DEFAULT,
};

export const LISTING_HANDOVER_FIELD_NAMES = [
  'portions',
  'travel',
  'postage',
  'bring',
  'availableDays',
] as const;

/** The hand-over terms into the multipart body: `travel` repeated, as the contract says. */
export function appendListingHandover(form: FormData, values: CreateStarter): void {
  form.set('portions', String(values.portions));
  for (const way of values.travel) form.append('travel', way);
  if (values.postage) form.set('postage', values.postage);
  if (values.bring) form.set('bring', values.bring);
  form.set('availableDays', String(values.availableDays));
}
