import { z } from 'zod';
import { categoryKeys, isValidSubcategory } from './catalogue';
import { PLACE_NAME_MAX_LENGTH } from './places';
import { blankToUndefined, singleLineText } from '../site/text';

/** How often an alert mails: each match (at most one mail an hour), or a daily/weekly digest. */
export const ALERT_FREQUENCIES = ['immediate', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** The widest an alert reaches, in km. */
export const ALERT_RADIUS_MAX_KM = 500;
export const ALERT_RADIUS_MESSAGE = `Choose a radius above 0 and up to ${ALERT_RADIUS_MAX_KM} km`;
/** The same reach for a member who reads miles, rounded down so it stays within the km limit. */
export const ALERT_RADIUS_MAX_MI = 310;
export const ALERT_RADIUS_MI_MESSAGE = `Choose a radius above 0 and up to ${ALERT_RADIUS_MAX_MI} mi`;
export const ALERT_SEARCH_MAX_LENGTH = 100;
/** The radius an alert starts with when browse's question has none, in km. */
export const ALERT_DEFAULT_RADIUS_KM = 10;

/** Rings a new offer is announced in, nearest first (decision 063); the last is the alert's own radius. */
export const ANNOUNCE_RINGS_KM = [5, 15, 40] as const;

const fields = {
  search: z.preprocess(
    blankToUndefined,
    singleLineText()
      .max(ALERT_SEARCH_MAX_LENGTH, `Words are at most ${ALERT_SEARCH_MAX_LENGTH} characters`)
      .optional(),
  ),
  category: z.preprocess(
    blankToUndefined,
    z.enum(categoryKeys, 'Choose a category from the list').optional(),
  ),
  subcategory: z.preprocess(blankToUndefined, z.string().max(60).optional()),
  location: singleLineText()
    .min(1, 'Choose a place')
    .max(PLACE_NAME_MAX_LENGTH, 'Place is too long'),
  radiusKm: z
    .number(ALERT_RADIUS_MESSAGE)
    .gt(0, ALERT_RADIUS_MESSAGE)
    .max(ALERT_RADIUS_MAX_KM, ALERT_RADIUS_MESSAGE),
  frequency: z.enum(ALERT_FREQUENCIES, 'Choose immediately, daily or weekly'),
};

const typeFits = (a: { category?: string; subcategory?: string }) =>
  a.subcategory === undefined ||
  (a.category !== undefined && isValidSubcategory(a.category, a.subcategory));
const typeProblem = { message: 'Choose a type of this category', path: ['subcategory'] };

/** POST /api/alerts. `timeZone` (the browser's) is kept on the profile if none is set yet. */
export const createAlertSchema = z
  .object({ ...fields, timeZone: z.string().max(64).optional() })
  .refine(typeFits, typeProblem);
export type CreateAlert = z.infer<typeof createAlertSchema>;

/**
 * The alert dialog: the fields of POST /api/alerts but the radius, which the member enters in
 * their own unit (`km` or `mi`) with that unit's limit; the dialog sends it as `radiusKm`.
 */
export function alertFormSchema(unit: 'km' | 'mi') {
  const [max, message] =
    unit === 'mi'
      ? [ALERT_RADIUS_MAX_MI, ALERT_RADIUS_MI_MESSAGE]
      : [ALERT_RADIUS_MAX_KM, ALERT_RADIUS_MESSAGE];
  return z.object({
    search: fields.search,
    location: fields.location,
    radius: z.coerce.number(message).gt(0, message).max(max, message),
    frequency: fields.frequency,
  });
}

/** PATCH /api/alerts/:id: any of the fields; category and type are replaced together. */
export const updateAlertSchema = z
  .object({
    ...fields,
    search: fields.search.nullable(),
    category: fields.category.nullable(),
    subcategory: fields.subcategory.nullable(),
  })
  .partial()
  .refine(
    (a) => typeFits({ category: a.category ?? undefined, subcategory: a.subcategory ?? undefined }),
    typeProblem,
  );
export type UpdateAlert = z.infer<typeof updateAlertSchema>;

export const alertSchema = z.object({
  id: z.number(),
  search: z.string().nullable(),
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  location: z.string(),
  radiusKm: z.number(),
  frequency: z.enum(ALERT_FREQUENCIES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

/** GET /api/alerts: mine, oldest first, and the time zone their night pause follows. */
export const alertListSchema = z.object({
  alerts: z.array(alertSchema),
  timeZone: z.string().nullable(),
});
export type AlertList = z.infer<typeof alertListSchema>;

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list';
/** PUT /api/me/time-zone. */
export const timeZoneSchema = z.object({ timeZone: z.string().min(1).max(64) });

/**
 * GET /api/alerts/stop/:key/:id → what the stop link would stop (changes nothing): the alert in
 * English words (`description`), and what it asks (`alert`), for the page to word it in the
 * reader's language and units.
 */
export const alertStopSchema = z.object({
  description: z.string(),
  alert: alertSchema.pick({
    search: true,
    category: true,
    subcategory: true,
    location: true,
    radiusKm: true,
  }),
});
export type AlertStop = z.infer<typeof alertStopSchema>;

/** GET /api/starters/:id/alerted → how many members alerts told about my listing. */
export const alertToldSchema = z.object({ told: z.number() });

/** "kefir · Dairy › Kefir · within 25 km of Leeds, England, United Kingdom". */
export function describeAlert(
  a: Pick<Alert, 'search' | 'location' | 'radiusKm'> & { typeName?: string | null },
): string {
  const what = [a.search ? `“${a.search}”` : null, a.typeName].filter(Boolean).join(' · ');
  return `${what || 'Anything'} within ${a.radiusKm} km of ${a.location}`;
}
