import type { Table } from 'drizzle-orm';
import type * as schema from './schema';

/**
 * Every table of the schema, and what it holds of a member (decision 145): the one list that
 * both leaving (the scrub, features/account/deletion) and "Download my data"
 * (features/account/data-export) follow. Each of those keeps one function per table it acts on, keyed
 * by the names below; the type checker refuses a table declared here without its function, and
 * member-data.test.ts refuses a table or a column referring to a member that the database has
 * and this list does not.
 */

/** The SQL name of every table in schema.ts: a new table there must be declared below. */
export type SchemaTableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends Table
    ? (typeof schema)[K]['_']['name']
    : never;
}[keyof typeof schema];

/** What the scrub, after the grace period, does with the member's rows of a table. */
export type Scrub =
  /** Their rows go. */
  | { delete: string }
  /** The rows stay (others rely on them); what is personal in them is cleared or replaced. */
  | { clear: string }
  /** The rows go with rows of `with` that the scrub deletes (a foreign key's cascade). */
  | { cascade: string; with: SchemaTableName }
  /** The rows stay as they are, and why. */
  | { keep: string };

/** How the export reads a table. */
export type Export =
  /** Into these keys of cultureshare-data.json (a Contract: keys and shapes stay). */
  | { json: readonly string[] }
  /** As files beside the JSON in the zip. */
  | { zip: string }
  /** Not at all, and why. */
  | { no: string };

export interface HoldsMemberData {
  /**
   * The columns that find the member's rows: a member's id, their address or their words; or,
   * with `via`, the column that points at their rows of that table (a listing's photos).
   */
  member: readonly string[];
  via?: SchemaTableName;
  scrub: Scrub;
  export: Export;
  /** Columns naming someone else (a moderator, the other side), left as they are, and why. */
  others?: Readonly<Record<string, string>>;
}

export interface HoldsNone {
  /** Why nothing here is a member's. */
  none: string;
  others?: Readonly<Record<string, string>>;
}

const MODERATOR = 'the moderator who acted: their own record, not the member’s';

/**
 * In the order the export writes its JSON keys (after `exportedAt`); the scrub reads the
 * member's words and listings first, then acts on each table in this order.
 */
export const MEMBER_DATA = {
  users: {
    member: ['id'],
    scrub: {
      clear:
        'address, names, username, contact, time zone, sign-in and rights go; the place is kept only as a known place’s name and centre',
    },
    export: { json: ['profile'] },
  },
  starters: {
    member: ['user_id'],
    scrub: {
      clear: 'each listing stays as an anonymous lineage node "A kitchen in <place>", hidden',
    },
    export: { json: ['listings'] },
    others: { removed_by: MODERATOR, held_decided_by: MODERATOR },
  },
  messages: {
    member: ['sender_id', 'receiver_id'],
    scrub: {
      clear:
        'what they wrote reads "Message removed"; their thread lines lose the reason they gave',
    },
    export: { json: ['messages'] },
  },
  handovers: {
    member: ['giver_id', 'recipient_id'],
    scrub: { keep: 'hand-overs are the numbers on the other member’s profile' },
    export: { json: ['handovers'] },
  },
  reservations: {
    member: ['member_id', 'starter_id'],
    via: 'starters',
    scrub: { clear: 'the reason given goes, on theirs and on reservations of their listings' },
    export: { json: ['reservations'] },
  },
  feedback: {
    member: ['from_id', 'to_id'],
    scrub: { clear: 'the note goes, the rating stays for the other member' },
    export: { json: ['feedbackGiven', 'feedbackReceived'] },
  },
  checkins: {
    member: ['handover_id'],
    via: 'handovers',
    scrub: { keep: 'answers without words, part of the hand-over kept for the other member' },
    export: { json: ['checkins'] },
  },
  jar_labels: {
    member: ['starter_id'],
    via: 'starters',
    scrub: {
      keep: 'codes already on jars: a scan shows the family, and a used one who has it by first name',
    },
    export: { no: 'random codes printed on their jars; the hand-overs they made are in handovers' },
  },
  reports: {
    member: ['reporter_id'],
    scrub: { clear: 'the free text goes, the reason stays for the moderators' },
    export: { json: ['reportsMade'] },
    others: { reviewed_by: MODERATOR },
  },
  sessions: {
    member: ['user_id'],
    scrub: { delete: 'signed out everywhere' },
    export: { json: ['sessions'] },
  },
  standing_offers: {
    member: ['starter_id'],
    via: 'starters',
    scrub: { delete: 'their listings’ standing offers end' },
    export: { json: ['standingOffers'] },
  },
  standing_waitlist: {
    member: ['member_id'],
    scrub: { delete: 'they leave every line' },
    export: { json: ['waitlists'] },
  },
  culture_keepers: {
    member: ['member_id'],
    scrub: { delete: 'their offer to keep a backup of a family' },
    export: { json: ['backupKeeping'] },
  },
  culture_deaths: {
    member: ['member_id'],
    scrub: { delete: 'what they said happened to a culture' },
    export: { json: ['culturesDied'] },
  },
  keeper_asks: {
    member: ['keeper_id', 'asker_id'],
    scrub: { delete: 'asks for a backup, by them and of them' },
    export: { json: ['keeperAsks'] },
  },
  meets: {
    member: ['host_id'],
    scrub: { delete: 'the swap meets they organised, with who was bringing and coming' },
    export: { json: ['meetsHosted'] },
  },
  meet_listings: {
    member: ['starter_id'],
    via: 'starters',
    scrub: { delete: 'what they said they would bring to a meet' },
    export: { json: ['meetListings'] },
  },
  meet_attendees: {
    member: ['member_id'],
    scrub: { delete: 'the meets they said they were coming to' },
    export: { json: ['meetsComing'] },
  },
  blocks: {
    member: ['blocker_id', 'blocked_id'],
    scrub: { delete: 'blocks by them and of them' },
    export: { json: ['blockedMembers'] },
  },
  saved_starters: {
    member: ['user_id'],
    scrub: { delete: 'listings they saved' },
    export: { json: ['savedListings'] },
  },
  hidden_starters: {
    member: ['user_id'],
    scrub: { delete: 'listings they chose not to see' },
    export: { json: ['hiddenListings'] },
  },
  passkeys: {
    member: ['user_id'],
    scrub: { delete: 'a way of signing in' },
    export: { json: ['passkeys'] },
  },
  asks: {
    member: ['user_id'],
    scrub: { delete: 'what they asked for' },
    export: { json: ['asks'] },
  },
  alerts: {
    member: ['user_id'],
    scrub: { delete: 'what they watched for' },
    export: { json: ['alerts'] },
  },
  held_messages: {
    member: ['sender_id', 'receiver_id'],
    scrub: {
      clear: 'what they wrote reads "Message removed", the row stays in the moderators’ history',
    },
    export: { json: ['heldMessages'] },
    others: { decided_by: MODERATOR },
  },
  notifications: {
    member: ['user_id', 'title', 'body', 'words', 'url'],
    scrub: {
      delete:
        'their bell, and other members’ items that name them, quote them or are about their listings',
    },
    export: { json: ['notifications'] },
  },
  push_subscriptions: {
    member: ['user_id'],
    scrub: { delete: 'their devices' },
    export: { json: ['pushDevices'] },
  },
  photos: {
    member: ['starter_id'],
    via: 'starters',
    scrub: { delete: 'their listings’ photos' },
    export: { zip: 'photos/listing-<listing>-<n>.webp' },
  },
  message_photos: {
    member: ['message_id'],
    via: 'messages',
    scrub: { delete: 'photos they sent, delivered or held' },
    export: { zip: 'photos/message-<message>-<n>.webp' },
  },
  mail_outbox: {
    member: ['to_address', 'subject', 'text_body'],
    scrub: {
      delete:
        'mail to them, and mail to others that carries their address, names or words or is about their listings',
    },
    export: { no: 'the site’s mail queue: what reached them is in their mailbox' },
  },
  push_outbox: {
    member: ['subscription_id', 'payload'],
    via: 'push_subscriptions',
    scrub: {
      delete:
        'pushes to their devices, and pushes to others that name them or are about their listings',
    },
    export: { no: 'pushes waiting a moment to be delivered' },
  },
  message_mail_due: {
    member: ['sender_id', 'receiver_id'],
    scrub: { delete: 'mail about messages, theirs and to them, that was still due' },
    export: { no: 'a timer for a mail, nothing of its own' },
  },
  reservation_mail_due: {
    member: ['owner_id', 'receiver_id'],
    scrub: { delete: 'mail about reservations that was still due' },
    export: { no: 'a timer for a mail; the reservations are exported' },
  },
  starter_removals: {
    member: ['starter_id'],
    via: 'starters',
    scrub: { clear: 'their appeal’s words are replaced; the moderators’ record stays' },
    export: { no: 'the moderators’ record of a removal' },
    others: { removed_by: MODERATOR, decided_by: MODERATOR },
  },
  external_identities: {
    member: ['user_id'],
    scrub: { delete: 'a way of signing in' },
    export: { no: 'an id at the external provider, which the member already has' },
  },
  email_tokens: {
    member: ['user_id', 'email'],
    scrub: { delete: 'links mailed to them' },
    export: { no: 'single-use links, kept only as hashes' },
  },
  account_codes: {
    member: ['user_id'],
    scrub: { delete: 'a code mailed to them' },
    export: { no: 'a code kept only as a hash' },
  },
  webauthn_challenges: {
    member: ['user_id'],
    scrub: { delete: 'passkey challenges' },
    export: { no: 'a challenge lasting minutes' },
  },
  data_exports: {
    member: ['user_id'],
    scrub: { delete: 'their downloads' },
    export: { no: 'the export itself' },
  },
  rate_limits: {
    member: ['key'],
    scrub: { delete: 'counters keyed by their address or id' },
    export: { no: 'throttle counters that end within the hour' },
  },
  alert_matches: {
    member: ['alert_id', 'user_id'],
    scrub: { cascade: 'listings announced to their alerts', with: 'alerts' },
    export: { no: 'which listings their alerts announced; the alerts are exported' },
  },
  ask_mailings: {
    member: ['ask_id', 'member_id'],
    scrub: {
      keep: 'which asks a member was mailed about, ids and times only; the rows of their own asks go with them',
    },
    export: { no: 'which asks the site mailed them about, ids and times only' },
  },
  ask_answers: {
    member: ['helper_id', 'ask_id'],
    scrub: {
      keep: 'ids only: the listing offered is anonymised; answers to their own asks go with them',
    },
    export: { no: 'which of their listings they offered; the thread is in messages' },
  },
  conversation_nudges: {
    member: ['sender_id', 'receiver_id'],
    scrub: { keep: 'ids, kind and time only; the thread it nudged is scrubbed' },
    export: { no: 'ids, kind and time only; the thread is in messages' },
  },
  standing_offer_turns: {
    member: ['member_id'],
    scrub: { keep: 'ids, round and status only: the giver’s record of their rounds' },
    export: { no: 'ids, round and status only; their places in line are in waitlists' },
  },
  sanctions: {
    member: ['user_id'],
    scrub: { keep: 'the moderators’ record, which keeps a banned member from coming back' },
    export: { no: 'the moderators’ record; the member was told each sanction' },
    others: { created_by: MODERATOR, lifted_by: MODERATOR },
  },
  moderation_actions: {
    member: ['target_user_id'],
    scrub: { keep: 'the moderators’ audit log' },
    export: { no: 'the moderators’ audit log' },
    others: { moderator_id: MODERATOR },
  },
  stewards: {
    member: ['user_id'],
    scrub: { delete: 'their appointment as a steward ends with their account' },
    export: { no: 'a moderator’s appointment, shown to the member on their moderation page' },
    others: { created_by: MODERATOR },
  },
  review_items: {
    member: ['subject_id'],
    scrub: {
      keep: 'the record of a review decision on their held words, as moderators keep theirs',
    },
    export: { no: 'what moderation decided; the member was told each decision' },
  },
  review_verdicts: {
    member: ['reviewer_id'],
    scrub: { keep: 'a verdict that counted in a decision; it names no one to the member reviewed' },
    export: { no: 'verdicts on other members’ held words, which are theirs' },
  },
  account_link_requests: {
    member: ['email'],
    scrub: { keep: 'an address asked for a link, removed by the mail worker within moments' },
    export: { no: 'not tied to an account, gone within moments' },
  },
  screening_rules: {
    none: 'the screening rules moderators set',
    others: { updated_by: MODERATOR },
  },
  starter_place_counts: { none: 'how many listings each place has, counts only' },
  alert_rings: { none: 'how far a listing has been announced' },
  job_leases: { none: 'which server copy runs each background job' },
  push_keys: { none: 'the server’s own push key pair' },
} as const satisfies Record<SchemaTableName, HoldsMemberData | HoldsNone>;

/** The SQL name of every column of `users`. */
type AccountColumnName = {
  [K in keyof typeof schema.users._.columns]: (typeof schema.users._.columns)[K]['_']['name'];
}[keyof typeof schema.users._.columns];

const SETTING = { scrub: 'keep', export: 'profile' } as const;
const KEPT_UNSHOWN = { scrub: 'keep', export: 'no' } as const;

/**
 * Every column of the account row (the `users` entry above): whether the scrub clears or
 * replaces it (`scrubAccount`) or keeps it, and whether the export's profile shows it
 * (`profileOf`). A column added to `users` must be placed here.
 */
export const ACCOUNT_COLUMNS = {
  id: { scrub: 'keep', export: 'profile' },
  email: { scrub: 'clear', export: 'profile' },
  username: { scrub: 'clear', export: 'profile' },
  first_name: { scrub: 'clear', export: 'profile' },
  last_name: { scrub: 'clear', export: 'profile' },
  location: { scrub: 'clear', export: 'profile' },
  contact_info: { scrub: 'clear', export: 'profile' },
  profile_image_url: { scrub: 'clear', export: 'profile' },
  email_verified_at: { scrub: 'clear', export: 'profile' },
  created_at: { scrub: 'keep', export: 'profile' },
  message_mail: SETTING,
  reservation_mail: SETTING,
  checkin_mail: SETTING,
  offer_mail: SETTING,
  reminder_mail: SETTING,
  message_push: SETTING,
  reservation_push: SETTING,
  checkin_push: SETTING,
  offer_push: SETTING,
  alert_push: SETTING,
  push_hides_message_text: SETTING,
  // Secrets and derived forms: cleared, never shown.
  password_hash: { scrub: 'clear', export: 'no' },
  username_skeleton: { scrub: 'clear', export: 'no' },
  mail_key: { scrub: 'clear', export: 'no' },
  // A place's centre, kept only when it is a known place's (the profile shows the place).
  latitude: { scrub: 'clear', export: 'no' },
  longitude: { scrub: 'clear', export: 'no' },
  time_zone: { scrub: 'clear', export: 'no' },
  locale_region: { scrub: 'clear', export: 'no' },
  // Rights and state: an account that left has none and never signs in.
  is_moderator: { scrub: 'clear', export: 'no' },
  is_active: { scrub: 'clear', export: 'no' },
  scrubbed_at: { scrub: 'clear', export: 'no' },
  updated_at: { scrub: 'clear', export: 'no' },
  // Not personal, or the moderators' record: kept, and not in the profile.
  moderator_from_list: KEPT_UNSHOWN,
  suspended_until: KEPT_UNSHOWN,
  banned_at: KEPT_UNSHOWN,
  deleted_at: KEPT_UNSHOWN,
  // Settings the profile does not show yet.
  ask_mail: KEPT_UNSHOWN,
  language: KEPT_UNSHOWN,
  away_until: KEPT_UNSHOWN,
  // A moderator's setting of the trust level: the moderators' record.
  trust_level_set: KEPT_UNSHOWN,
} as const satisfies Record<
  AccountColumnName,
  { scrub: 'clear' | 'keep'; export: 'profile' | 'no' }
>;

type Declared = typeof MEMBER_DATA;
type TableName = keyof Declared;

/** The tables the scrub acts on itself: one function each (account-deletion.service.ts). */
export type ScrubbedTable = {
  [T in TableName]: Declared[T] extends { scrub: { delete: string } | { clear: string } }
    ? T
    : never;
}[TableName];

/** The tables read into cultureshare-data.json, and the keys each fills. */
export type JsonTable = {
  [T in TableName]: Declared[T] extends { export: { json: readonly string[] } } ? T : never;
}[TableName];
export type JsonKeysOf<T extends JsonTable> = Declared[T]['export'] extends {
  json: readonly (infer K extends string)[];
}
  ? K
  : never;

/** The tables whose photos go into the zip beside the JSON. */
export type ZipTable = {
  [T in TableName]: Declared[T] extends { export: { zip: string } } ? T : never;
}[TableName];

const tables = Object.keys(MEMBER_DATA) as TableName[];
const entry = (table: TableName): HoldsMemberData | HoldsNone => MEMBER_DATA[table];

export const SCRUBBED_TABLES = tables.filter((t): t is ScrubbedTable => {
  const e = entry(t);
  return 'scrub' in e && ('delete' in e.scrub || 'clear' in e.scrub);
});
export const JSON_TABLES = tables.filter((t): t is JsonTable => {
  const e = entry(t);
  return 'export' in e && 'json' in e.export;
});
export const ZIP_TABLES = tables.filter((t): t is ZipTable => {
  const e = entry(t);
  return 'export' in e && 'zip' in e.export;
});
