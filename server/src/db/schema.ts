import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  OTHER_SUBCATEGORY,
  categories,
  reportReasonValues,
  reportStatuses,
} from '../../../common/listings/catalogue';
import { EMAIL_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../../common/members/auth';
import { removalReasonValues } from '../../../common/moderation/removal-reasons';
import {
  APPEAL_MAX_LENGTH,
  moderationActions as moderationActionNames,
} from '../../../common/moderation/moderation';
import {
  DESCRIPTION_MIN_LENGTH,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PHOTOS_MAX,
  REPORT_DESCRIPTION_MAX_LENGTH,
} from '../../../common/site/constants';
import {
  AVAILABLE_DAYS_DEFAULT,
  BRING_MAX_LENGTH,
  FEEDBACK_NOTE_MAX_LENGTH,
  PORTIONS_MAX,
  RELEASE_REASON_MAX_LENGTH,
} from '../../../common/conversations/handovers';
import {
  CARE_NOTES_MAX_LENGTH,
  CULTURE_FORMS,
  ORIGIN_STORY_MAX_LENGTH,
} from '../../../common/cultures/cultures';
import {
  ANSWER_HOURS_MAX,
  ANSWER_HOURS_MIN,
  BATCH_MAX,
  BATCH_MIN,
  CADENCE_DAYS_MAX,
  CADENCE_DAYS_MIN,
  LIMIT_WEEKS_MAX,
  LIMIT_WEEKS_MIN,
} from '../../../common/conversations/standing-offers';
import {
  STARTER_DESCRIPTION_MAX_LENGTH,
  STARTER_LOCATION_MAX_LENGTH,
  STARTER_TITLE_MAX_LENGTH,
} from '../../../common/listings/starters';
import { STARTER_PHOTOS_MAX } from '../../../common/listings/starter-photo';
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
} from '../../../common/notifications/notifications';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A point in earthdistance's 3-D coordinates (`ll_to_earth`): what its GiST indexes hold. */
const earth = customType<{ data: string }>({ dataType: () => 'earth' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/** A length limit from common/ written into a CHECK as a literal (a parameter is not allowed). */
const n = (value: number) => sql.raw(String(value));

/** Every (category, subcategory) pair the catalogue allows, 'other' included for each category. */
const categoryPairs = categories
  .map(
    (c) =>
      `(category = '${c.key}' AND subcategory IN (${quoted([
        ...c.subcategories.map((s) => s.key),
        OTHER_SUBCATEGORY,
      ])}))`,
  )
  .join(' OR ');

// ---------------------------------------------------------------- users
export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    email: text('email').notNull(),
    /** argon2id hash; null for members who only sign in through the external provider. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    username: text('username'),
    /** The username's look-alike form (text/look-alikes.ts): one per look. */
    usernameSkeleton: text('username_skeleton'),
    location: text('location'),
    /** Centre of the place `location` names, when it is a known place; never a finer position. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    contactInfo: text('contact_info'),
    isModerator: boolean('is_moderator').notNull().default(false),
    /**
     * The rights came from MODERATOR_EMAILS (with a confirmation or reset): they end when the
     * address leaves the list or the account leaves the address. Rights from the command line stay.
     * Null: rights given before this was kept (migration 0040), settled at the next start by
     * `settleModeratorOrigins`.
     */
    moderatorFromList: boolean('moderator_from_list').default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Current sanction state; the history is in `sanctions`. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    /** When the member proved they own `email` (a mailed link, a reset, or the provider). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Mail about new messages: 'immediately', 'daily' or 'off' (decision 054). */
    messageMail: text('message_mail').notNull().default('immediately'),
    /** The other kinds of mail, each 'immediately' or 'off': they have no digest. */
    reservationMail: text('reservation_mail').notNull().default('immediately'),
    checkinMail: text('checkin_mail').notNull().default('immediately'),
    offerMail: text('offer_mail').notNull().default('immediately'),
    reminderMail: text('reminder_mail').notNull().default('immediately'),
    /** "Could you help?": asks nearby for a culture the member has. */
    askMail: text('ask_mail').notNull().default('immediately'),
    /**
     * Push to the member's devices, per kind, beside the mail choices (decision 094): on or
     * off; a device only gets pushes once the member turned push on there.
     */
    messagePush: boolean('message_push').notNull().default(true),
    reservationPush: boolean('reservation_push').notNull().default(true),
    checkinPush: boolean('checkin_push').notNull().default(true),
    offerPush: boolean('offer_push').notNull().default(true),
    alertPush: boolean('alert_push').notNull().default(true),
    /** "Don't show message text in notifications". */
    pushHidesMessageText: boolean('push_hides_message_text').notNull().default(false),
    /**
     * The member's language for pages and mail ('en', 'es', 'de', 'fr'); null until chosen, when
     * the browser's Accept-Language decides (decision 090).
     */
    language: text('language'),
    /** IANA time zone (from the browser): alerts keep quiet 22:00–07:00 there. Null: UTC. */
    timeZone: text('time_zone'),
    /**
     * The region of the member's browser locale ('US', 'GB', 'MX'), from Accept-Language at
     * sign-up, sign-in and a settings change: mail, written without a request, writes times the
     * way the member's pages do (12-hour in en-US, 24-hour in en-GB). Null: the language's own.
     */
    localeRegion: text('locale_region'),
    /** The secret in this member's one-click unsubscribe links (no sign-in needed). */
    mailKey: text('mail_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /**
     * When the member asked to delete their account. From then on they are hidden and signed
     * out; signing in within ACCOUNT_DELETE_GRACE_SECONDS clears it (access/members.ts decides).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** When the scrub job removed everything personal; such an account never comes back. */
    scrubbedAt: timestamp('scrubbed_at', { withTimezone: true }),
    /**
     * "Away until": while it is in the future their listings cannot be reserved, their standing
     * offers and their alert and ask mail pause (access/away.ts); past, it means nothing.
     */
    awayUntil: timestamp('away_until', { withTimezone: true }),
    /**
     * A trust level a moderator set ('new', 'member', 'trusted'; decision 164); null lets the
     * rule decide (server/src/access/trust.ts). The reason is in the audit log.
     */
    trustLevelSet: text('trust_level_set'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_skeleton_key').on(t.usernameSkeleton),
    uniqueIndex('users_mail_key_key').on(t.mailKey),
    check('users_message_mail_check', sql`${t.messageMail} IN ('immediately', 'daily', 'off')`),
    check(
      'users_other_mail_check',
      sql`${t.reservationMail} IN ('immediately', 'off') AND ${t.checkinMail} IN ('immediately', 'off') AND ${t.offerMail} IN ('immediately', 'off') AND ${t.reminderMail} IN ('immediately', 'off') AND ${t.askMail} IN ('immediately', 'off')`,
    ),
    check(
      'users_trust_level_set_check',
      sql`${t.trustLevelSet} IS NULL OR ${t.trustLevelSet} IN ('new', 'member', 'trusted')`,
    ),
    check('users_email_length', sql`char_length(${t.email}) BETWEEN 3 AND ${n(EMAIL_MAX_LENGTH)}`),
    check(
      'users_username_length',
      sql`${t.username} IS NULL OR char_length(${t.username}) BETWEEN 1 AND ${n(USERNAME_MAX_LENGTH)}`,
    ),
  ],
);

/** Accounts at an external OpenID provider, keyed by (issuer, subject). */
export const externalIdentities = pgTable(
  'external_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    index('external_identities_user_idx').on(t.userId),
  ],
);

// ---------------------------------------------------------------- sessions
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random id: a stolen table does not yield usable cookies. */
    sid: text('sid').primaryKey(),
    /** The id a member sees in "Where am I signed in": not the cookie, nor its hash. */
    id: serial('id').notNull().unique(),
    sess: jsonb('sess').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Idle expiry, pushed forward while the session is used. */
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    /** Absolute lifetime: the session ends then however active it is. */
    absoluteExpire: timestamp('absolute_expire', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at sign-in, cut short: read into a browser and system name. */
    userAgent: text('user_agent'),
    /** A town from the gazetteer the sign-in came from, when known; never a finer position. */
    place: text('place'),
    /** Moved forward at most every few minutes while the session is used. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------- starters
export const starters = pgTable(
  'starters',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    subcategory: text('subcategory').notNull(),
    starterType: text('starter_type').notNull(),
    customDescription: text('custom_description'),
    location: text('location').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The place as earthdistance stores it, kept by the database (decision 104). */
    earthPoint: earth('earth_point').generatedAlwaysAs(sql`ll_to_earth(latitude, longitude)`),
    imagePath: text('image_path'),
    isActive: boolean('is_active').notNull().default(true),
    isClaimed: boolean('is_claimed').notNull().default(false),
    /** Set when a moderator removes the starter (it stays, hidden, with isActive false). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Set when the owner deletes the starter. The row stays (with isActive false) so its
     * reports, messages and audit entries keep what moderation needs; nobody but moderators
     * sees it again.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Set when REPORTS_TO_HIDE different members have open reports on it: it leaves the public
     * site until a moderator reviews it, which clears this (decision 078).
     */
    heldForReviewAt: timestamp('held_for_review_at', { withTimezone: true }),
    /** Portions offered in all; reserved and given are counted here too (decision 020). */
    portions: integer('portions').notNull().default(1),
    portionsReserved: integer('portions_reserved').notNull().default(0),
    portionsGiven: integer('portions_given').notNull().default(0),
    travel: text('travel')
      .array()
      .notNull()
      .default(sql`'{pickup}'::text[]`),
    postage: text('postage'),
    bring: text('bring'),
    /** Leaves browse after this unless renewed; ignored once claimed. */
    availableUntil: timestamp('available_until', { withTimezone: true })
      .notNull()
      .default(sql.raw(`now() + interval '${AVAILABLE_DAYS_DEFAULT} days'`)),
    /** "Still available" presses since the last hand-over. */
    renewals: integer('renewals').notNull().default(0),
    /** The `availableUntil` whose reminder mail went out: one per stretch, renewing resets. */
    expiryRemindedFor: timestamp('expiry_reminded_for', { withTimezone: true }),
    /** Active, dried, frozen or spores (common/cultures/cultures.ts). */
    form: text('form').notNull().default('active'),
    /** When an active culture was last fed; null for the other forms. */
    lastFedAt: timestamp('last_fed_at', { withTimezone: true }),
    /** The starter it descends from, received here through a confirmed hand-over. */
    parentId: integer('parent_id').references((): AnyPgColumn => starters.id, {
      onDelete: 'set null',
    }),
    careNotes: text('care_notes'),
    originStory: text('origin_story'),
    bornYear: integer('born_year'),
    /**
     * Set when screening held the new listing (decision 073): nobody but its owner and the
     * moderators sees it until a moderator releases it.
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
    heldCodes: text('held_codes').array(),
    /**
     * A moderator's Release or Reject of a held listing, recorded at once and taking effect a
     * minute later (decision 152): until then it may be undone and the listing stays held.
     */
    heldDecision: text('held_decision'),
    heldDecidedAt: timestamp('held_decided_at', { withTimezone: true }),
    heldDecidedBy: text('held_decided_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The access policy's `isPublic` apart from time, materialised (decision 085): database
     * triggers keep it in the transaction of every change to the row or its owner's standing;
     * the `starter-visibility` job turns it off once a listing's date passes. Read only
     * through `access/` (`shownPublicly()`), which adds the time-bound tests back.
     */
    visible: boolean('visible').notNull().default(false),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(starter_type, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '') || ' ' || coalesce(custom_description, '')), 'C') || setweight(to_tsvector('simple', coalesce(location, '')), 'B')`,
    ),
    ...timestamps,
  },
  (t) => [
    check(
      'starters_category_check',
      sql.raw(`category IN (${quoted(categories.map((c) => c.key))})`),
    ),
    check('starters_subcategory_check', sql.raw(categoryPairs)),
    check(
      'starters_title_length',
      sql`char_length(${t.title}) BETWEEN 1 AND ${n(STARTER_TITLE_MAX_LENGTH)}`,
    ),
    check(
      'starters_description_length',
      sql`char_length(${t.description}) BETWEEN ${n(DESCRIPTION_MIN_LENGTH)} AND ${n(STARTER_DESCRIPTION_MAX_LENGTH)}`,
    ),
    check(
      'starters_location_length',
      sql`char_length(${t.location}) BETWEEN 1 AND ${n(STARTER_LOCATION_MAX_LENGTH)}`,
    ),
    check(
      'starters_portions_count',
      sql`${t.portionsReserved} >= 0 AND ${t.portionsGiven} >= 0 AND ${t.portionsReserved} + ${t.portionsGiven} <= ${t.portions} AND ${t.portions} - ${t.portionsGiven} <= ${n(PORTIONS_MAX)}`,
    ),
    check(
      'starters_travel_check',
      sql`cardinality(${t.travel}) BETWEEN 1 AND 2 AND ${t.travel} <@ ARRAY['pickup', 'post']::text[]`,
    ),
    check(
      'starters_postage_check',
      sql`(${t.postage} IS NULL OR ${t.postage} IN ('giver', 'recipient')) AND ((${t.postage} IS NOT NULL) = ('post' = ANY(${t.travel})))`,
    ),
    check(
      'starters_bring_length',
      sql`${t.bring} IS NULL OR char_length(${t.bring}) BETWEEN 1 AND ${n(BRING_MAX_LENGTH)}`,
    ),
    check('starters_form_check', sql.raw(`form IN (${quoted(CULTURE_FORMS)})`)),
    check(
      'starters_held_decision_check',
      sql`(${t.heldDecision} IS NULL AND ${t.heldDecidedAt} IS NULL) OR (${t.heldDecision} IN ('released', 'rejected') AND ${t.heldDecidedAt} IS NOT NULL)`,
    ),
    check('starters_last_fed_only_active', sql`${t.lastFedAt} IS NULL OR ${t.form} = 'active'`),
    check(
      'starters_care_notes_length',
      sql`${t.careNotes} IS NULL OR char_length(${t.careNotes}) BETWEEN 1 AND ${n(CARE_NOTES_MAX_LENGTH)}`,
    ),
    check(
      'starters_origin_story_length',
      sql`${t.originStory} IS NULL OR char_length(${t.originStory}) BETWEEN 1 AND ${n(ORIGIN_STORY_MAX_LENGTH)}`,
    ),
    check('starters_parent_not_self', sql`${t.parentId} IS NULL OR ${t.parentId} <> ${t.id}`),
    index('starters_parent_idx').on(t.parentId),
    index('starters_active_created_idx').on(t.isActive, t.createdAt.desc(), t.id.desc()),
    index('starters_category_created_idx').on(t.category, t.subcategory, t.createdAt.desc()),
    index('starters_user_idx').on(t.userId, t.createdAt.desc()),
    index('starters_search_idx').using('gin', t.searchVector),
  ],
);

/**
 * How many visible starters each place holds, per category and type (decision 112): kept by a
 * trigger on `starters` in the writer's transaction, so a zoomed-out map view counts places,
 * not starters. Positions are place centres, so the table is bounded by the gazetteer.
 */
export const starterPlaceCounts = pgTable(
  'starter_place_counts',
  {
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    category: text('category').notNull(),
    subcategory: text('subcategory').notNull(),
    starters: integer('starters').notNull(),
    /** The place as earthdistance stores it, kept by the database: a radius reads its index. */
    earthPoint: earth('earth_point').generatedAlwaysAs(sql`ll_to_earth(latitude, longitude)`),
  },
  (t) => [
    primaryKey({ columns: [t.latitude, t.longitude, t.category, t.subcategory] }),
    index('starter_place_counts_earth_point_idx').using('gist', t.earthPoint),
  ],
);

/** Processed photos (metadata stripped, WebP); they go away with their starter. */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    full: bytea('full').notNull(),
    thumbnail: bytea('thumbnail').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Its place among the starter's photos; 0 is the cover, which `starters.image_path` names. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('photos_starter_idx').on(t.starterId),
    check('photos_position_range', sql`${t.position} BETWEEN 0 AND ${n(STARTER_PHOTOS_MAX - 1)}`),
  ],
);

// ---------------------------------------------------------------- messages
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * 'system': written by the site (reservations, hand-overs). Its sender is the thread's
     * other side so threads, conversation lists and unread counts need no special case.
     */
    kind: text('kind').notNull().default('text'),
    /** For system lines: `{event, at, reservationId, handoverId}` (common/conversations/handovers.ts). */
    system: jsonb('system'),
    /** Screening codes that warned (common/moderation/screening.ts): the receiver sees a quiet banner. */
    warnings: text('warnings').array(),
    /** The sender's Idempotency-Key: a message retried from an offline outbox is stored once. */
    clientKey: text('client_key'),
  },
  (t) => [
    uniqueIndex('messages_sender_client_key_idx').on(t.senderId, t.clientKey),
    check('messages_kind_check', sql`${t.kind} IN ('text', 'system')`),
    check(
      'messages_content_length',
      // Empty only when photos came with it (messages/message-photos.ts checks that).
      sql.raw(`char_length(content) BETWEEN 0 AND ${MESSAGE_MAX_LENGTH}`),
    ),
    check('messages_not_to_self', sql`${t.senderId} <> ${t.receiverId}`),
    index('messages_receiver_unread_idx').on(t.receiverId, t.isRead),
    index('messages_starter_created_idx').on(t.starterId, t.createdAt),
    index('messages_sender_idx').on(t.senderId),
  ],
);

/**
 * A message screening held back (decision 073). It is not a message until a moderator releases
 * it: then it is copied into `messages` under the same id (both draw from one sequence), so
 * nothing else — threads, unread counts, mail, reply rates — ever sees a held message.
 */
export const heldMessages = pgTable(
  'held_messages',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('messages_id_seq')`),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** Every rule that fired; warnings among them go with the message when it is released. */
    codes: text('codes').array().notNull(),
    warnings: text('warnings').array(),
    /** The stricter set applied (a first message, or an account younger than a day). */
    strict: boolean('strict').notNull().default(false),
    status: text('status').notNull().default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * When the decision took effect (delivered, or the sender told): a minute after it was
     * made, which is how long a moderator may undo it (HELD_UNDO_MS). Null while it may.
     */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('held_messages_status_check', sql`${t.status} IN ('held', 'released', 'rejected')`),
    check(
      'held_messages_content_length',
      sql.raw(`char_length(content) BETWEEN 1 AND ${MESSAGE_MAX_LENGTH}`),
    ),
    index('held_messages_status_idx').on(t.status, t.createdAt),
    index('held_messages_sender_idx').on(t.senderId),
    index('held_messages_thread_idx').on(t.starterId, t.senderId),
  ],
);

/**
 * What moderators changed of the screening rules. A built-in rule without a row keeps its
 * defaults (server/src/features/screening/rules.ts); each moderator's word is a row of code
 * 'word'.
 */
export const screeningRules = pgTable(
  'screening_rules',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    words: text('words'),
    exception: text('exception'),
    action: text('action').notNull(),
    strictAction: text('strict_action').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('screening_rules_action_check', sql`${t.action} IN ('hold', 'warn', 'off')`),
    check('screening_rules_strict_check', sql`${t.strictAction} IN ('hold', 'warn', 'off')`),
    check('screening_rules_words_check', sql`(${t.code} = 'word') = (${t.words} IS NOT NULL)`),
    uniqueIndex('screening_rules_built_in_idx')
      .on(t.code)
      .where(sql`${t.code} <> 'word'`),
  ],
);

/**
 * Photos sent in a message (decision 077): the same processing as a starter's photos, shown only
 * to the conversation's two members and to moderators reviewing a report on the message.
 */
export const messagePhotos = pgTable(
  'message_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * A delivered message, or a held one (held messages draw their ids from the messages'
     * sequence and keep them when released), hence no foreign key.
     */
    messageId: integer('message_id').notNull(),
    full: bytea('full').notNull(),
    thumbnail: bytea('thumbnail').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_photos_message_idx').on(t.messageId),
    check(
      'message_photos_position_range',
      sql`${t.position} BETWEEN 0 AND ${n(MESSAGE_PHOTOS_MAX - 1)}`,
    ),
  ],
);

/**
 * Nudges in a conversation (decision 076): `nudge` is a member's, at most one a day per
 * conversation; `reminder` is the site's one reminder to an owner about an unanswered first
 * message (sender: the member waiting).
 */
export const conversationNudges = pgTable(
  'conversation_nudges',
  {
    id: serial('id').primaryKey(),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('conversation_nudges_kind_check', sql`${t.kind} IN ('nudge', 'reminder')`),
    index('conversation_nudges_thread_idx').on(t.starterId, t.senderId, t.receiverId),
    uniqueIndex('conversation_nudges_one_reminder_key')
      .on(t.starterId, t.senderId, t.receiverId)
      .where(sql`kind = 'reminder'`),
  ],
);

// ---------------------------------------------------------------- hand-overs
/** A portion of a starter held for one member (decision 020). */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Pickup or posting time on the neighbours' wall clock, as typed. */
    at: timestamp('at', { withTimezone: false, mode: 'string' }),
    status: text('status').notNull().default('active'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'reservations_status_check',
      sql`${t.status} IN ('active', 'released', 'backed_out', 'given')`,
    ),
    check(
      'reservations_reason_length',
      sql`${t.reason} IS NULL OR char_length(${t.reason}) <= ${n(RELEASE_REASON_MAX_LENGTH)}`,
    ),
    /** One portion at a time per member and starter. */
    uniqueIndex('reservations_active_key')
      .on(t.starterId, t.memberId)
      .where(sql`status = 'active'`),
    index('reservations_member_idx').on(t.memberId, t.createdAt.desc()),
  ],
);

/** A portion given: to a member (who confirms) or to someone not on CultureShare. */
export const handovers = pgTable(
  'handovers',
  {
    id: serial('id').primaryKey(),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    giverId: text('giver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    reservationId: integer('reservation_id').references(() => reservations.id, {
      onDelete: 'set null',
    }),
    at: timestamp('at', { withTimezone: false, mode: 'string' }),
    status: text('status').notNull().default('given'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The giver's health check at hand-over: what they ticked (unticked says nothing). */
    healthNoMould: boolean('health_no_mould').notNull().default(false),
    healthNoPinkFilm: boolean('health_no_pink_film').notNull().default(false),
    healthSmellsRight: boolean('health_smells_right').notNull().default(false),
  },
  (t) => [
    check('handovers_status_check', sql`${t.status} IN ('given', 'received', 'not_received')`),
    check(
      'handovers_not_to_self',
      sql`${t.recipientId} IS NULL OR ${t.recipientId} <> ${t.giverId}`,
    ),
    index('handovers_starter_idx').on(t.starterId),
    index('handovers_giver_idx').on(t.giverId, t.createdAt.desc()),
    index('handovers_recipient_idx').on(t.recipientId, t.createdAt.desc()),
  ],
);

/** How a confirmed hand-over went, once per side. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    handoverId: integer('handover_id')
      .notNull()
      .references(() => handovers.id, { onDelete: 'cascade' }),
    fromId: text('from_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toId: text('to_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: text('rating').notNull(),
    reason: text('reason'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('feedback_rating_check', sql`${t.rating} IN ('up', 'down')`),
    check(
      'feedback_reason_check',
      sql`(${t.reason} IS NULL OR ${t.reason} IN ('no-show', 'late', 'rude', 'unhealthy', 'other')) AND (${t.rating} = 'up' OR ${t.reason} IS NOT NULL)`,
    ),
    check(
      'feedback_note_length',
      sql`${t.note} IS NULL OR char_length(${t.note}) <= ${n(FEEDBACK_NOTE_MAX_LENGTH)}`,
    ),
    uniqueIndex('feedback_once_per_side_key').on(t.handoverId, t.fromId),
    index('feedback_to_idx').on(t.toId, t.createdAt.desc()),
  ],
);

/**
 * "Did it wake up?" on day 1, 3 and 7 after the recipient confirmed a hand-over (decision 032).
 * Made with the confirmation, in its transaction; only the latest due one of a hand-over is
 * asked, and none after a "thriving" answer.
 */
export const checkins = pgTable(
  'checkins',
  {
    id: serial('id').primaryKey(),
    handoverId: integer('handover_id')
      .notNull()
      .references(() => handovers.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Set when the reminder mail was queued (or deliberately skipped): at most one each. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    check('checkins_day_check', sql`${t.day} IN (1, 3, 7)`),
    check(
      'checkins_answer_check',
      sql`${t.answer} IS NULL OR ${t.answer} IN ('thriving', 'slow', 'worried')`,
    ),
    check('checkins_answered_together', sql`(${t.answer} IS NULL) = (${t.answeredAt} IS NULL)`),
    uniqueIndex('checkins_handover_day_key').on(t.handoverId, t.day),
    index('checkins_unmailed_due_idx')
      .on(t.dueAt)
      .where(sql`${t.answer} IS NULL AND ${t.mailedAt} IS NULL`),
  ],
);

/**
 * A jar label's code (decision 157): printed as a QR code for `<PUBLIC_URL>/j/<code>`, one per
 * portion. Scanned by the member who received the jar, it records the hand-over once; the
 * hand-over it made stays linked, and `used_at` keeps the code used if that row goes.
 */
export const jarLabels = pgTable(
  'jar_labels',
  {
    code: text('code').primaryKey(),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    handoverId: integer('handover_id').references(() => handovers.id, { onDelete: 'set null' }),
    /**
     * When the jar was scanned, as the member's device said when it sent the scan later from
     * its outbox (an offline swap meet, decision 169); never before the label was printed, never
     * after the server received it. Null: at `used_at`.
     */
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
  },
  (t) => [
    check('jar_labels_code_shape', sql`${t.code} ~ '^[0-9a-z]{12}$'`),
    index('jar_labels_starter_idx').on(t.starterId),
  ],
);

/** A member's private block of another: no messages either way while it lasts. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

// ---------------------------------------------------------------- backups when a culture dies
/** Members who keep a fridge copy of a family (decision 161): `starter_id` is the culture of the family they hold. */
export const cultureKeepers = pgTable(
  'culture_keepers',
  {
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.starterId] }),
    index('culture_keepers_starter_idx').on(t.starterId),
  ],
);

/** "It died": what happened to a culture a member received, for the care card's troubleshooting. */
export const cultureDeaths = pgTable(
  'culture_deaths',
  {
    id: serial('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('culture_deaths_starter_idx').on(t.starterId)],
);

/** A backup keeper asked for a portion: at most one ask a keeper a week, from anyone. */
export const keeperAsks = pgTable(
  'keeper_asks',
  {
    id: serial('id').primaryKey(),
    keeperId: text('keeper_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    askerId: text('asker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the keeper said no, with no reason asked; the ask still counts for the week. */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
  },
  (t) => [
    index('keeper_asks_keeper_idx').on(t.keeperId, t.createdAt),
    index('keeper_asks_asker_idx').on(t.askerId),
  ],
);

/** Listings a member saved to come back to: their Saved list, and a bell item when one is claimed or about to expire. */
export const savedStarters = pgTable(
  'saved_starters',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.starterId] }),
    index('saved_starters_starter_idx').on(t.starterId),
  ],
);

/** Listings a member does not want to see again: left out of their browse, map, alerts and home page. */
export const hiddenStarters = pgTable(
  'hidden_starters',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.starterId] }),
    index('hidden_starters_starter_idx').on(t.starterId),
  ],
);

// ---------------------------------------------------------------- reports & moderation
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    description: text('description'),
    /** Set for a report on one message in a conversation about the starter. */
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reports_reason_check', sql.raw(`reason IN (${quoted(reportReasonValues)})`)),
    check('reports_status_check', sql.raw(`status IN (${quoted(reportStatuses)})`)),
    check(
      'reports_description_length',
      sql`${t.description} IS NULL OR char_length(${t.description}) <= ${n(REPORT_DESCRIPTION_MAX_LENGTH)}`,
    ),
    /** One open report per member per starter, and per message. */
    uniqueIndex('reports_open_per_reporter_key')
      .on(t.starterId, t.reporterId)
      .where(sql`status = 'pending' AND message_id IS NULL`),
    uniqueIndex('reports_open_per_message_key')
      .on(t.messageId, t.reporterId)
      .where(sql`status = 'pending' AND message_id IS NOT NULL`),
    index('reports_status_created_idx').on(t.status, t.createdAt.desc()),
  ],
);

export const sanctions = pgTable(
  'sanctions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    /** End of a suspension; null for a ban. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: text('lifted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('sanctions_kind_check', sql`${t.kind} IN ('suspension', 'ban')`),
    check('sanctions_suspension_end', sql`(${t.kind} = 'ban') = (${t.endsAt} IS NULL)`),
    index('sanctions_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Audit log: who did what, when and why. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    moderatorId: text('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    starterId: integer('starter_id').references(() => starters.id, { onDelete: 'set null' }),
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'moderation_actions_action_check',
      sql.raw(`action IN (${quoted(moderationActionNames)})`),
    ),
    index('moderation_actions_created_idx').on(t.createdAt.desc()),
  ],
);

/**
 * Stewards (decision 166): a member a moderator trusts with one area, a gazetteer place (its
 * centre, never finer) and a radius. The access policy (`access/stewards.ts`) reads it.
 */
export const stewards = pgTable(
  'stewards',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    place: text('place').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radiusKm: integer('radius_km').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stewards_radius_check', sql`${t.radiusKm} BETWEEN 1 AND 200`),
    index('stewards_user_idx').on(t.userId),
  ],
);

/**
 * An item in the review by the many (decision 165): something screening held (a listing, a
 * message) waiting for a decision, found by the queue when it is read. `outcome` is the final
 * decision once it was applied through the moderators' one path; reviewers' agreement reads it.
 */
export const reviewItems = pgTable(
  'review_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The held listing's id, or the held message's. */
    refId: integer('ref_id').notNull(),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    /** Whose words are reviewed: reviewers never see their own, nor those of members they know. */
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Two verdicts disagreed: a third reviewer and the moderators are asked. */
    splitAt: timestamp('split_at', { withTimezone: true }),
    outcome: text('outcome'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('review_items_kind_check', sql`${t.kind} IN ('listing', 'message', 'report')`),
    check(
      'review_items_outcome_check',
      sql`${t.outcome} IS NULL OR ${t.outcome} IN ('release', 'hide')`,
    ),
    uniqueIndex('review_items_open_key')
      .on(t.kind, t.refId)
      .where(sql`decided_at IS NULL`),
    index('review_items_subject_idx').on(t.subjectId),
  ],
);

/** One reviewer's verdict on one item; never shown to the member whose item it was. */
export const reviewVerdicts = pgTable(
  'review_verdicts',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => reviewItems.id, { onDelete: 'cascade' }),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verdict: text('verdict').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.reviewerId] }),
    check('review_verdicts_verdict_check', sql`${t.verdict} IN ('release', 'hide')`),
    index('review_verdicts_reviewer_idx').on(t.reviewerId),
  ],
);

/**
 * Each time a moderator removed a listing: which rule, the owner's one appeal and the
 * moderators' answer to it. `starters.removedAt` says whether it is removed now; this keeps why,
 * and a listing restored and removed again gets a new row (and a new appeal).
 */
export const starterRemovals = pgTable(
  'starter_removals',
  {
    id: serial('id').primaryKey(),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    note: text('note'),
    removedBy: text('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull(),
    appealText: text('appeal_text'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    decision: text('decision'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('starter_removals_reason_check', sql.raw(`reason IN (${quoted(removalReasonValues)})`)),
    check(
      'starter_removals_decision_check',
      sql`${t.decision} IS NULL OR ${t.decision} IN ('restored', 'upheld')`,
    ),
    check(
      'starter_removals_appeal_length',
      sql`${t.appealText} IS NULL OR char_length(${t.appealText}) <= ${n(APPEAL_MAX_LENGTH)}`,
    ),
    check(
      'starter_removals_appeal_pair',
      sql`(${t.appealText} IS NULL) = (${t.appealedAt} IS NULL)`,
    ),
    index('starter_removals_starter_idx').on(t.starterId, t.removedAt.desc()),
    /** The moderators' queue: appeals still waiting for an answer. */
    index('starter_removals_open_appeals_idx')
      .on(t.appealedAt)
      .where(sql`appeal_text IS NOT NULL AND decision IS NULL`),
  ],
);

// ---------------------------------------------------------------- throttling
/** Fixed-window counters shared by every server copy (sign-in failures, posting quotas …). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- mail
/**
 * Mail waiting to be sent, written in the same transaction as what caused it; every server
 * copy's worker leases rows with FOR UPDATE SKIP LOCKED (decision 018).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra headers (List-Unsubscribe …); Message-ID is fixed when queued so a retry reuses it. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    messageId: text('message_id').notNull(),
    /**
     * The kind of news it tells of (`NEWS_KINDS`, decision 153); null for account mail, which
     * cannot be turned off. The hourly cap of reservation mail counts by it.
     */
    kind: text('kind'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time; a worker that leases the row pushes it forward (its lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the server refused for good (5xx) or the retries ran out. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at IS NULL AND failed_at IS NULL`),
    /** The hourly cap of reservation mail counts one address's last hour of them. */
    index('mail_outbox_reservation_cap_idx')
      .on(t.toAddress, t.createdAt)
      .where(sql`kind = 'reservation'`),
  ],
);

/** Single-use links mailed to a member: only the SHA-256 of the token is kept. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * 'confirm' (an address, possibly a new one), 'reset' (a password), 'signin' (one sign-in,
     * for a member whose password sign-in is locked), 'revert' (undo an address change:
     * `email` is the old address) or 'passkey' (add a passkey, for a member with neither a
     * password nor a passkey to show).
     */
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'email_tokens_purpose_check',
      sql`${t.purpose} IN ('confirm', 'reset', 'signin', 'revert', 'passkey')`,
    ),
    index('email_tokens_user_idx').on(t.userId),
  ],
);

/**
 * An address someone asked a reset or sign-in link for, mailed by the background worker: the
 * request answers alike, and as fast, whether or not an account has the address.
 */
export const accountLinkRequests = pgTable(
  'account_link_requests',
  {
    id: serial('id').primaryKey(),
    /** 'reset' or 'signin'. */
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('account_link_requests_purpose_check', sql`${t.purpose} IN ('reset', 'signin')`)],
);

/**
 * A conversation whose unread messages are due a mail at `dueAt` (one row per receiver,
 * starter and sender): a quiet period, replaced when the messages are read or the mail queued.
 */
export const messageMailDue = pgTable(
  'message_mail_due',
  {
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.receiverId, t.starterId, t.senderId] }),
    index('message_mail_due_idx').on(t.dueAt),
  ],
);

/**
 * A reservation or release a member is due a mail about (one row per member, starter and
 * owner): like a message, it waits a quiet period, and the mail then tells the latest state,
 * so reserving and releasing in a loop sends one mail, not one per click.
 */
export const reservationMailDue = pgTable(
  'reservation_mail_due',
  {
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'reserved' or 'released': the first change in this quiet period (reserved, then
     * released before the mail went out, tells the member nothing). */
    firstKind: text('first_kind').notNull(),
    /** 'reserved' or 'released': the latest change. */
    kind: text('kind').notNull(),
    /**
     * The latest change's line as the member reads it, as a catalogue key and values
     * (server/src/i18n/wording.ts), worded in the mail's language when it goes out.
     */
    line: jsonb('line').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.receiverId, t.starterId, t.ownerId] }),
    index('reservation_mail_due_idx').on(t.dueAt),
  ],
);

// ---------------------------------------------------------------- standing offers
/**
 * A giver's standing offer on one of their starters (decision 029): a batch every
 * `cadence_days`, offered to the waitlist by `mode`, each offer open `answer_hours`, and one
 * portion per member per `limit_weeks` (0: no limit).
 */
export const standingOffers = pgTable(
  'standing_offers',
  {
    starterId: integer('starter_id')
      .primaryKey()
      .references(() => starters.id, { onDelete: 'cascade' }),
    batchSize: integer('batch_size').notNull(),
    cadenceDays: integer('cadence_days').notNull(),
    answerHours: integer('answer_hours').notNull(),
    limitWeeks: integer('limit_weeks').notNull(),
    mode: text('mode').notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Rounds run so far; offers carry the round they belong to. */
    round: integer('round').notNull().default(0),
    nextRoundAt: timestamp('next_round_at', { withTimezone: true }).notNull(),
    lastRoundAt: timestamp('last_round_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check(
      'standing_offers_batch_check',
      sql`${t.batchSize} BETWEEN ${n(BATCH_MIN)} AND ${n(BATCH_MAX)}`,
    ),
    check(
      'standing_offers_cadence_check',
      sql`${t.cadenceDays} BETWEEN ${n(CADENCE_DAYS_MIN)} AND ${n(CADENCE_DAYS_MAX)}`,
    ),
    check(
      'standing_offers_answer_check',
      sql`${t.answerHours} BETWEEN ${n(ANSWER_HOURS_MIN)} AND ${n(ANSWER_HOURS_MAX)}`,
    ),
    check(
      'standing_offers_limit_check',
      sql`${t.limitWeeks} BETWEEN ${n(LIMIT_WEEKS_MIN)} AND ${n(LIMIT_WEEKS_MAX)}`,
    ),
    check('standing_offers_mode_check', sql`${t.mode} IN ('longest_waiting', 'lottery')`),
    index('standing_offers_due_idx')
      .on(t.nextRoundAt)
      .where(sql`paused_at IS NULL`),
  ],
);

/** Members waiting in line for a standing offer; the line is ordered by `joined_at`. */
export const standingWaitlist = pgTable(
  'standing_waitlist',
  {
    starterId: integer('starter_id')
      .notNull()
      .references(() => standingOffers.starterId, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Offers left unanswered in a row. */
    missed: integer('missed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.starterId, t.memberId] }),
    index('standing_waitlist_line_idx').on(t.starterId, t.joinedAt),
  ],
);

/** One portion offered to one waiting member in one round. */
export const standingOfferTurns = pgTable(
  'standing_offer_turns',
  {
    id: serial('id').primaryKey(),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    status: text('status').notNull().default('pending'),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    answerBy: timestamp('answer_by', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    reservationId: integer('reservation_id').references(() => reservations.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check(
      'standing_offer_turns_status_check',
      sql`${t.status} IN ('pending', 'accepted', 'declined', 'expired', 'withdrawn')`,
    ),
    /** Nobody is offered twice in one round. */
    uniqueIndex('standing_offer_turns_round_key').on(t.starterId, t.round, t.memberId),
    /** One open offer per member and starter. */
    uniqueIndex('standing_offer_turns_pending_key')
      .on(t.starterId, t.memberId)
      .where(sql`status = 'pending'`),
    index('standing_offer_turns_due_idx')
      .on(t.answerBy)
      .where(sql`status = 'pending'`),
    index('standing_offer_turns_member_idx').on(t.memberId, t.starterId, t.answeredAt),
  ],
);

/**
 * One row per background job (decision 041): which server copy runs it now, until when, and
 * when it is next due. Claiming is one UPDATE, so copies on one database never run a job at
 * the same time, and a copy that dies mid-run leaves the job to the others once its lease ends.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- leaving, data, passkeys
/**
 * A code mailed to a member who has no password (external sign-in), to confirm deleting
 * their account. Only its hash is kept; one at a time per member.
 */
export const accountCodes = pgTable('account_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * "Download my data": asked for (pending), built by a background job into a zip (ready) and
 * mailed as a link that works once (downloaded) until `expiresAt`. Only the token's hash is
 * kept, and the zip is dropped once downloaded or expired.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    tokenHash: text('token_hash'),
    zip: bytea('zip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'data_exports_status_check',
      sql`${t.status} IN ('pending', 'ready', 'downloaded', 'expired')`,
    ),
    /** One export at a time: a second request while one is being built is refused. */
    uniqueIndex('data_exports_pending_key')
      .on(t.userId)
      .where(sql`status = 'pending'`),
    uniqueIndex('data_exports_token_key').on(t.tokenHash),
    index('data_exports_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** A member's passkeys (WebAuthn credentials); a member may hold several, each named. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    /**
     * Added before the account's address was confirmed: by whoever signed up, not necessarily
     * the mailbox's owner; the first confirmation and every reset remove it (decision 118).
     */
    beforeConfirmation: boolean('before_confirmation').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
    check('passkeys_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 60`),
  ],
);

/**
 * WebAuthn challenges handed out and not yet answered: kept in the database so any server
 * copy can check the answer, each usable once and for a few minutes.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** The member adding a passkey; null for a sign-in, where nobody is known yet. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('webauthn_challenges_purpose_check', sql`${t.purpose} IN ('register', 'login')`),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
  ],
);

// ---------------------------------------------------------------- web push
/**
 * The server's VAPID key pair (RFC 8292), made on first start when VAPID_PUBLIC_KEY /
 * VAPID_PRIVATE_KEY are not set: one row, so every copy signs with the same key and
 * browsers' subscriptions (bound to the public key) survive restarts.
 */
export const pushKeys = pgTable('push_keys', {
  name: text('name').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One browser (device) that asked for push; the endpoint is on an allowed push service. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Pushes waiting to be delivered, one per subscription, queued with what caused them and sent
 * by the scheduler like mail (leases, backoff); removed once delivered or given up.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** JSON `{title, body, url, tag}`. */
    payload: text('payload').notNull(),
    /** Web Push `Topic`: a newer push with the same topic replaces one not yet delivered. */
    topic: text('topic'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_outbox_due_idx').on(t.nextAttemptAt)],
);

/**
 * The notification centre: one row per thing a member is told about on the site (the bell).
 * Written in the same transaction as its cause; `read_at` set when the member opens the list.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * A kind of `NEWS_KINDS` with a bell (common/notifications/notification-kinds.ts); not checked here, so
     * that a new kind is one declaration and no migration (decision 153).
     */
    kind: text('kind').notNull(),
    /**
     * `{title, body}` as catalogue keys and values (server/src/i18n/wording.ts), worded when
     * read in the reader's language (decision 124). Null only for items stored before, which
     * keep the words of `title` and `body`.
     */
    words: jsonb('words'),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'notifications_text_length',
      sql`char_length(${t.title}) <= ${n(NOTIFICATION_TITLE_MAX)} AND char_length(${t.body}) <= ${n(NOTIFICATION_BODY_MAX)}`,
    ),
    /** A member's list, newest first, paged by id. */
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    /** The bell's unread count reads only the unread rows. */
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at IS NULL`),
  ],
);

// ---------------------------------------------------------------- alerts
/**
 * "Tell me when new ones appear" (decision 062): words, an optional category and type, a known
 * place's centre and a radius. New listings find the alerts they match through indexes: the
 * GiST index on the place (added in the migration, as for starters), category and type, and
 * the words' normalised tokens (GIN).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    search: text('search'),
    /** `search` as normalised tokens (alerts/alert-words.ts); a listing must hold them all. */
    searchTokens: text('search_tokens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: text('category'),
    subcategory: text('subcategory'),
    place: text('place').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /**
     * The place as earthdistance stores it, kept by the database: matching a listing reads it
     * from the row and the index instead of converting every alert's place (decision 104).
     */
    earthPoint: earth('earth_point').generatedAlwaysAs(sql`ll_to_earth(latitude, longitude)`),
    radiusKm: doublePrecision('radius_km').notNull(),
    frequency: text('frequency').notNull(),
    /** When this alert's last mail was queued: immediate alerts send at most one an hour. */
    lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }),
    /**
     * Set when the alert is an ask's own (decision 141): it hears only while the ask is open,
     * goes with the ask, and is not among the member's alerts.
     */
    askId: integer('ask_id')
      .unique('alerts_ask_unique')
      .references(() => asks.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    check('alerts_frequency_check', sql`${t.frequency} IN ('immediate', 'daily', 'weekly')`),
    check('alerts_radius_check', sql`${t.radiusKm} > 0 AND ${t.radiusKm} <= 500`),
    check(
      'alerts_search_length',
      sql`${t.search} IS NULL OR char_length(${t.search}) BETWEEN 1 AND 100`,
    ),
    index('alerts_user_idx').on(t.userId, t.createdAt),
    index('alerts_category_idx').on(t.category, t.subcategory),
    index('alerts_tokens_idx').using('gin', t.searchTokens),
    // A new listing finds the alerts around it through this index, never by testing them all.
    index('alerts_earth_point_idx').using('gist', t.earthPoint),
    // The widest radius stored bounds the last ring's box (decision 099).
    index('alerts_radius_idx').on(t.radiusKm),
  ],
);

/**
 * One row per (alert, listing) announced: the unique key makes announcing safe with several
 * server copies (insert … on conflict do nothing). `mailedAt` is set when the row went out in
 * a mail (immediate, or a digest).
 */
export const alertMatches = pgTable(
  'alert_matches',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    /**
     * The alert's member, kept to count the members told. No key of its own (decision 107): the
     * alert's key already removes the match with its member, and a ring writes thousands of
     * matches, each of which would otherwise check and lock the member's row once more.
     */
    userId: text('user_id').notNull(),
    /** 0 (within 5 km), 1 (15 km), 2 (40 km) or 3 (the alert's own radius). */
    ring: integer('ring').notNull(),
    announcedAt: timestamp('announced_at', { withTimezone: true }).notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.starterId] }),
    index('alert_matches_starter_idx').on(t.starterId),
    index('alert_matches_unmailed_idx')
      .on(t.alertId)
      .where(sql`${t.mailedAt} IS NULL`),
  ],
);

/**
 * How far a listing has been announced (decision 099): its rings up to `ring` went out, so the
 * next ring only looks at alerts farther out.
 */
export const alertRings = pgTable('alert_rings', {
  starterId: integer('starter_id')
    .primaryKey()
    .references(() => starters.id, { onDelete: 'cascade' }),
  ring: integer('ring').notNull(),
});

// ---------------------------------------------------------------- asks
/**
 * What a member is looking for (decision 060): a catalogue category and type, near a known
 * place. It stands until `expires_at` (renewable) or until its owner closes it.
 */
export const asks = pgTable(
  'asks',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    subcategory: text('subcategory').notNull(),
    search: text('search'),
    location: text('location').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    note: text('note'),
    /** "Could you help?" reaches members within this many km. */
    radiusKm: integer('radius_km').notNull().default(10),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Set once "Could you help?" went out for it (by the scheduler, once, on one copy). */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (t) => [
    index('asks_open_created_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.closedAt} IS NULL`),
    index('asks_user_idx').on(t.userId),
    index('asks_unannounced_idx')
      .on(t.createdAt)
      .where(sql`${t.announcedAt} IS NULL`),
  ],
);

/** Who was mailed "Could you help?" about which ask, and when: the weekly cap reads it. */
export const askMailings = pgTable(
  'ask_mailings',
  {
    askId: integer('ask_id')
      .notNull()
      .references(() => asks.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.askId, t.memberId] }),
    index('ask_mailings_member_sent_idx').on(t.memberId, t.sentAt.desc()),
  ],
);

/**
 * "I can help": which listing a helper offered for an ask. The conversation itself is the
 * listing's thread with the asker (messages stay keyed by starter, decision 061).
 */
export const askAnswers = pgTable(
  'ask_answers',
  {
    askId: integer('ask_id')
      .notNull()
      .references(() => asks.id, { onDelete: 'cascade' }),
    helperId: text('helper_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.askId, t.helperId] }),
    index('ask_answers_starter_idx').on(t.starterId),
  ],
);

// ---------------------------------------------------------------- swap meets (decision 169)
/** A swap meet: a member's time and place (a gazetteer place's centre) to hand over portions. */
export const meets = pgTable(
  'meets',
  {
    id: serial('id').primaryKey(),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    earthPoint: earth('earth_point').generatedAlwaysAs(sql`ll_to_earth(latitude, longitude)`),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('meets_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    index('meets_earth_point_idx').using('gist', t.earthPoint),
    index('meets_ends_idx').on(t.endsAt),
    index('meets_host_idx').on(t.hostId),
  ],
);

/** A giver's listing brought to a meet, and how many portions. */
export const meetListings = pgTable(
  'meet_listings',
  {
    meetId: integer('meet_id')
      .notNull()
      .references(() => meets.id, { onDelete: 'cascade' }),
    starterId: integer('starter_id')
      .notNull()
      .references(() => starters.id, { onDelete: 'cascade' }),
    portions: integer('portions').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.meetId, t.starterId] }),
    index('meet_listings_starter_idx').on(t.starterId),
    check('meet_listings_portions', sql`${t.portions} > 0`),
  ],
);

/** "I'm coming" to a meet. */
export const meetAttendees = pgTable(
  'meet_attendees',
  {
    meetId: integer('meet_id')
      .notNull()
      .references(() => meets.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.meetId, t.memberId] }),
    index('meet_attendees_member_idx').on(t.memberId),
  ],
);
