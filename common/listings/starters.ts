import { z } from 'zod';
import {
  OTHER_SUBCATEGORY,
  categories,
  categoryKeys,
  isValidSubcategory,
  type CategoryKey,
} from './catalogue';
import {
  BROWSE_SEARCH_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  STARTER_SORTS,
} from '../site/constants';
import { PLACE_NAME_MAX_LENGTH } from './places';
import {
  AVAILABLE_DAYS_DEFAULT,
  PORTIONS_DEFAULT,
  POSTAGE_PAYERS,
  TRAVEL_MODES,
  checkPostage,
  handoverTermsShape,
  type PostagePayer,
  type TravelMode,
} from '../conversations/handovers';
import { STARTER_STATUSES } from './starter-status';
import {
  checkCulture,
  cultureFieldsSchema,
  cultureShape,
  type CultureForm,
} from '../cultures/cultures';
import { blankToUndefined, multiLineText, singleLineText } from '../site/text';
import { publicUserSchema } from '../members/users';
import { photoOrderSchema, starterPhotoSchema } from './starter-photo';
import { MAX_RADIUS_KM } from './radii';
import { idParam } from '../site/ids';

/** A listing's id in a path: `/api/starters/:id` and every route below it. */
export const starterIdParamsSchema = z.object({ id: idParam('starter') });

export const STARTER_TITLE_MAX_LENGTH = 120;
export const STARTER_DESCRIPTION_MAX_LENGTH = 5000;
export const STARTER_CUSTOM_DESCRIPTION_MAX_LENGTH = 2000;
export const STARTER_LOCATION_MAX_LENGTH = 120;

/** A starter as every read call returns it (spec §3 plus paths to its photo). */
export const starterSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  subcategory: z.string(),
  starterType: z.string(),
  customDescription: z.string().nullable(),
  location: z.string(),
  /** Full-size photo (WebP, ≤ 1600 px), or null. */
  imagePath: z.string().nullable(),
  /** 480 px thumbnail for cards, or null. */
  thumbnailPath: z.string().nullable(),
  /**
   * Every photo in order, the cover (`imagePath`) first; only a single starter's answer carries
   * them (lists show the cover alone).
   */
  photos: z.array(starterPhotoSchema).optional(),
  isActive: z.boolean(),
  isClaimed: z.boolean(),
  /** Set when a moderator removed it (only its owner and moderators still see it). */
  removedAt: z.string().nullable(),
  /**
   * Screening held this new listing for a moderator (only its owner and moderators see it
   * meanwhile). Absent once released.
   */
  heldForReview: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: publicUserSchema,
  /** Portions offered in all (the owner may add more later). */
  portions: z.number().int(),
  /** Portions neither given nor reserved: what can still be reserved. */
  portionsLeft: z.number().int(),
  /** Portions reserved for someone and not yet given ("1 of 3 reserved"). */
  portionsReserved: z.number().int(),
  travel: z.array(z.enum(TRAVEL_MODES)),
  postage: z.enum(POSTAGE_PAYERS).nullable(),
  /** What to bring, e.g. a clean jar. */
  bring: z.string().nullable(),
  /** When it leaves browse unless renewed; claimed starters stop expiring. */
  availableUntil: z.string(),
  /** Derived from claimed, portions and expiry (decision 020). */
  status: z.enum(STARTER_STATUSES),
  ...cultureFieldsSchema,
  /**
   * Only for its owner and moderators: enough members reported it that it is off the public
   * site until a moderator reviews it (decision 078).
   */
  hiddenByReports: z.boolean().optional(),
  /** A standing offer runs on it: members join a waitlist instead of racing to ask. */
  hasStandingOffer: z.boolean().optional(),
  /**
   * The owner is away until then (decision 160): it cannot be reserved meanwhile. Absent when
   * they are not away.
   */
  ownerAwayUntil: z.string().optional(),
  /**
   * Whether the signed-in asker may message the owner about it (false when either blocked the
   * other, or it is theirs, claimed or expired). Left out of shared answers such as browse.
   */
  canMessage: z.boolean().optional(),
  /**
   * Kilometres (great-circle, one decimal) from the place the question named (`near`, or
   * `lat`/`lng`) to the starter's place centre; left out when either place is unknown.
   */
  distanceKm: z.number().optional(),
});
export type Starter = z.infer<typeof starterSchema>;

// ---------------------------------------------------------------- requests

const trimmedLine = singleLineText().transform((v) => v.trim());
const trimmedText = multiLineText().transform((v) => v.trim());

/** A starter type of the chosen category (listings and asks): "Choose a starter type from the list". */
export function checkStarterType(
  value: { category: string; subcategory?: string | null },
  ctx: z.RefinementCtx,
) {
  if (
    value.subcategory &&
    categoryKeys.includes(value.category as CategoryKey) &&
    !isValidSubcategory(value.category, value.subcategory)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['subcategory'],
      message: 'Choose a starter type from the list',
    });
  }
}

/** Fields of POST /api/starters (multipart) with the spec §5 messages; the /post form uses it too. */
export const createStarterSchema = z
  .object({
    title: trimmedLine.pipe(
      z
        .string()
        .min(1, 'Title is required')
        .max(
          STARTER_TITLE_MAX_LENGTH,
          `Title must be at most ${STARTER_TITLE_MAX_LENGTH} characters`,
        ),
    ),
    description: trimmedText.pipe(
      z
        .string()
        .min(DESCRIPTION_MIN_LENGTH, 'Description must be at least 10 characters')
        .max(
          STARTER_DESCRIPTION_MAX_LENGTH,
          `Description must be at most ${STARTER_DESCRIPTION_MAX_LENGTH} characters`,
        ),
    ),
    category: z.string().refine((v) => categoryKeys.includes(v as CategoryKey), {
      message: 'Category is required',
    }),
    subcategory: z.string().min(1, 'Starter type is required'),
    starterType: trimmedLine.pipe(
      z
        .string()
        .min(1, 'Starter type is required')
        .max(
          STARTER_TITLE_MAX_LENGTH,
          `Starter type must be at most ${STARTER_TITLE_MAX_LENGTH} characters`,
        ),
    ),
    customDescription: multiLineText()
      .optional()
      .nullable()
      .transform((v) => v?.trim() || null)
      .pipe(
        z
          .string()
          .max(
            STARTER_CUSTOM_DESCRIPTION_MAX_LENGTH,
            `Additional details must be at most ${STARTER_CUSTOM_DESCRIPTION_MAX_LENGTH} characters`,
          )
          .nullable(),
      ),
    location: trimmedLine.pipe(
      z
        .string()
        .min(1, 'Location is required')
        .max(
          STARTER_LOCATION_MAX_LENGTH,
          `Location must be at most ${STARTER_LOCATION_MAX_LENGTH} characters`,
        ),
    ),
    ...handoverTermsShape,
    ...cultureShape,
  })
  .superRefine((value, ctx) => {
    checkPostage(value, ctx);
    checkCulture(value, ctx);
    checkStarterType(value, ctx);
  });
export type CreateStarterInput = z.input<typeof createStarterSchema>;
export type CreateStarter = z.output<typeof createStarterSchema>;

/** What the post form's field table says of each field. */
export interface StarterFormFieldRule {
  /** What the empty /post form holds. */
  blank: unknown;
  /** Takes focus when invalid (a box; a group of choices does not). */
  focus: boolean;
  /** Sent once per value in the multipart body (`travel=pickup&travel=post`). */
  repeats?: true;
  /** Optional: an edit that empties it sends it empty, since a field an edit leaves out stays. */
  clearable?: true;
  /** Not part of an edit: the listing keeps its end date (`EDIT_KEEPS_EXPIRY`). */
  notEdited?: true;
}

/**
 * The post form's one field table (decision 148), in the order the fields are on screen: each
 * field of `createStarterSchema` once. The server's multipart reader, the edit's JSON body and
 * the client's starting values, multipart body, clearing and focus order all follow it.
 */
export const STARTER_FORM = {
  title: { blank: '', focus: true },
  category: { blank: '', focus: true },
  subcategory: { blank: '', focus: true },
  starterType: { blank: '', focus: true },
  description: { blank: '', focus: true },
  customDescription: { blank: '', focus: true, clearable: true },
  location: { blank: '', focus: true },
  form: { blank: 'active' as CultureForm, focus: false },
  lastFedAt: { blank: '', focus: true, clearable: true },
  careNotes: { blank: '', focus: true, clearable: true },
  portions: { blank: PORTIONS_DEFAULT, focus: true },
  availableDays: { blank: AVAILABLE_DAYS_DEFAULT, focus: true, notEdited: true },
  travel: { blank: ['pickup'] as TravelMode[], focus: false, repeats: true },
  postage: { blank: null as PostagePayer | null, focus: false, clearable: true },
  bring: { blank: '', focus: true, clearable: true },
  parentId: { blank: '', focus: true, clearable: true },
  originStory: { blank: '', focus: true, clearable: true },
  bornYear: { blank: '', focus: true, clearable: true },
} satisfies { [K in keyof CreateStarterInput]-?: StarterFormFieldRule };

export type StarterFormField = keyof typeof STARTER_FORM;

/** The post form's fields by name: the multipart and JSON bodies of posting and editing. */
export const STARTER_FORM_FIELDS = Object.keys(STARTER_FORM) as StarterFormField[];

/** What the field table says of `name`. */
export const starterFormRule = (name: StarterFormField): StarterFormFieldRule => STARTER_FORM[name];

/** The empty /post form: one portion, pickup, 30 days, an active culture, all else blank. */
export const STARTER_FORM_DEFAULTS = Object.fromEntries(
  STARTER_FORM_FIELDS.map((name) => [name, STARTER_FORM[name].blank]),
) as { [K in StarterFormField]: (typeof STARTER_FORM)[K]['blank'] };

export const CLAIM_ONLY = 'Only isClaimed: true can be changed';
export const CLAIM_ALONE = 'Mark a starter claimed on its own, without other changes';
export const EDIT_KEEPS_EXPIRY =
  'An edit keeps the listing’s end date; use “Still available” to list it longer';

/**
 * PATCH /api/starters/:id as JSON: the spec's `{isClaimed: true}` (there is no un-claim), or an
 * edit naming any of the post form's fields (checked, merged with the listing, by
 * `createStarterSchema`) and `photoOrder`. Anything else is refused.
 */
export const updateStarterSchema = z.strictObject(
  {
    ...(Object.fromEntries(STARTER_FORM_FIELDS.map((name) => [name, z.unknown().optional()])) as {
      [K in StarterFormField]: z.ZodOptional<z.ZodUnknown>;
    }),
    isClaimed: z.literal(true, CLAIM_ONLY).optional(),
    photoOrder: photoOrderSchema.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? CLAIM_ONLY : undefined) },
);
export type UpdateStarter = z.output<typeof updateStarterSchema>;

const allSubcategoryKeys = new Set<string>([
  'all',
  OTHER_SUBCATEGORY,
  ...categories.flatMap((c) => c.subcategories.map((s) => s.key)),
]);

/**
 * Where distances are measured from: a gazetteer place by name (`near`, "Beaverton, OR"), or a
 * position (`lat` and `lng`), never both.
 */
const fromPlaceShape = {
  near: z.preprocess(
    blankToUndefined,
    singleLineText().max(PLACE_NAME_MAX_LENGTH, 'Place is too long').optional(),
  ),
  lat: z.preprocess(
    blankToUndefined,
    z.coerce.number('lat must be a number').min(-90).max(90).optional(),
  ),
  lng: z.preprocess(
    blankToUndefined,
    z.coerce.number('lng must be a number').min(-180).max(180).optional(),
  ),
};

/** `limit` and `offset` of a list query: a page of at most MAX_PAGE_SIZE, PAGE_SIZE by default. */
export const pagingFields = {
  limit: z.coerce
    .number('limit must be a number')
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 50')
    .max(MAX_PAGE_SIZE, 'limit must be between 1 and 50')
    .default(PAGE_SIZE),
  offset: z.coerce
    .number('offset must be a number')
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .max(1_000_000, 'offset is too large')
    .default(0),
};

/**
 * What browse filters by, for offers (GET /api/starters) and asks (GET /api/asks) alike: a
 * category, a starter type of the catalogue (or `other`, or `all`), words and a place. A type
 * the catalogue does not have is a 400 "Unknown starter type" on both.
 */
export const browseFilterFields = {
  category: z.preprocess(
    blankToUndefined,
    z.enum([...categoryKeys, 'all'], 'Unknown category').optional(),
  ),
  subcategory: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => allSubcategoryKeys.has(v), 'Unknown starter type')
      .optional(),
  ),
  location: z.preprocess(
    blankToUndefined,
    singleLineText().max(PLACE_NAME_MAX_LENGTH, 'Location is too long').optional(),
  ),
  search: z.preprocess(
    blankToUndefined,
    singleLineText().max(BROWSE_SEARCH_MAX_LENGTH, 'Search is too long').optional(),
  ),
};

/** GET /api/starters query (the browse filters); anything unknown is a 400. */
export const starterListQuerySchema = z.object({
  ...pagingFields,
  ...browseFilterFields,
  sort: z.preprocess(blankToUndefined, z.enum(STARTER_SORTS, 'Unknown sort').default('newest')),
  ...fromPlaceShape,
  /** `hide`: only starters still available (browse asks so unless the member wants claimed too). */
  claimed: z.preprocess(blankToUndefined, z.enum(['hide', 'show'], 'Unknown claimed').optional()),
  /** Only starters within this many km of `near` (or `lat`/`lng`). */
  radiusKm: z.preprocess(
    blankToUndefined,
    z.coerce
      .number('radiusKm must be a number')
      .gt(0, `radiusKm must be between 0 and ${MAX_RADIUS_KM}`)
      .max(MAX_RADIUS_KM, `radiusKm must be between 0 and ${MAX_RADIUS_KM}`)
      .optional(),
  ),
});
export type StarterListQuery = z.output<typeof starterListQuerySchema>;

/** GET /api/starters/:id?near= (or lat, lng): the starter with how far it is from there. */
export const starterDetailQuerySchema = z.object(fromPlaceShape);
export type StarterDetailQuery = z.output<typeof starterDetailQuerySchema>;

export const starterListSchema = z.object({
  starters: z.array(starterSchema),
  /** Exact up to a cap; when `totalIsCapped`, at least this many match ("1,000+ results"). */
  total: z.number().int(),
  totalIsCapped: z.boolean().default(false),
});
export type StarterList = z.infer<typeof starterListSchema>;
