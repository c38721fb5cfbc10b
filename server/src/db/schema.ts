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
} from '../../../common/catalogue';
import { EMAIL_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../../common/auth';
import { removalReasonValues } from '../../../common/removal-reasons';
import {
  APPEAL_MAX_LENGTH,
  moderationActions as moderationActionNames,
} from '../../../common/moderation';
import {
  DESCRIPTION_MIN_LENGTH,
  MESSAGE_MAX_LENGTH,
  REPORT_DESCRIPTION_MAX_LENGTH,
} from '../../../common/constants';
import {
  BRING_MAX_LENGTH,
  FEEDBACK_NOTE_MAX_LENGTH,
  PORTIONS_MAX,
  RELEASE_REASON_MAX_LENGTH,
} from '../../../common/handovers';
import {
  CARE_NOTES_MAX_LENGTH,
  CULTURE_FORMS,
  ORIGIN_STORY_MAX_LENGTH,
} from '../../../common/cultures';
import {
  ANSWER_HOURS_MAX,
  ANSWER_HOURS_MIN,
  BATCH_MAX,
  BATCH_MIN,
  CADENCE_DAYS_MAX,
  CADENCE_DAYS_MIN,
  LIMIT_WEEKS_MAX,
  LIMIT_WEEKS_MIN,
} from '../../../common/standing-offers';
import {
  STARTER_DESCRIPTION_MAX_LENGTH,
  STARTER_LOCATION_MAX_LENGTH,
  STARTER_TITLE_MAX_LENGTH,
} from '../../../common/starters';
import { STARTER_PHOTOS_MAX } from '../../../common/starter-photo';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /** The username's look-alike form (users/username-skeleton.ts): one per look. */
    usernameSkeleton: text('username_skeleton'),
    location: text('location'),
    /** Centre of the place `location` names, when it is a known place; never a finer position. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    contactInfo: text('contact_info'),
    isModerator: boolean('is_moderator').notNull().default(false),
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
    /** The secret in this member's one-click unsubscribe links (no sign-in needed). */
    mailKey: text('mail_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
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
      sql`${t.reservationMail} IN ('immediately', 'off') AND ${t.checkinMail} IN ('immediately', 'off') AND ${t.offerMail} IN ('immediately', 'off') AND ${t.reminderMail} IN ('immediately', 'off')`,
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
    sess: jsonb('sess').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Idle expiry, pushed forward while the session is used. */
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    /** Absolute lifetime: the session ends then however active it is. */
    absoluteExpire: timestamp('absolute_expire', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
      .default(sql`now() + interval '30 days'`),
    /** "Still available" presses since the last hand-over. */
    renewals: integer('renewals').notNull().default(0),
    /** The `availableUntil` whose reminder mail went out: one per stretch, renewing resets. */
    expiryRemindedFor: timestamp('expiry_reminded_for', { withTimezone: true }),
    /** Active, dried, frozen or spores (common/cultures.ts). */
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
    /** For system lines: `{event, at, reservationId, handoverId}` (common/handovers.ts). */
    system: jsonb('system'),
  },
  (t) => [
    check('messages_kind_check', sql`${t.kind} IN ('text', 'system')`),
    check(
      'messages_content_length',
      sql.raw(`char_length(content) BETWEEN 1 AND ${MESSAGE_MAX_LENGTH}`),
    ),
    check('messages_not_to_self', sql`${t.senderId} <> ${t.receiverId}`),
    index('messages_receiver_unread_idx').on(t.receiverId, t.isRead),
    index('messages_starter_created_idx').on(t.starterId, t.createdAt),
    index('messages_sender_idx').on(t.senderId),
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
    /** One open report per member per starter. */
    uniqueIndex('reports_open_per_reporter_key')
      .on(t.starterId, t.reporterId)
      .where(sql`status = 'pending'`),
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
    /** 'confirm' (an address, possibly a new one) or 'reset' (a password). */
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('email_tokens_purpose_check', sql`${t.purpose} IN ('confirm', 'reset')`),
    index('email_tokens_user_idx').on(t.userId),
  ],
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
