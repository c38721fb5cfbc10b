import { memberLocale, type Language } from '../../../../../common/i18n/languages';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import type { translator } from '../../../i18n/translate';
import type { SessionUser } from '../../../plugins/sessions';
import * as clock from '../../../clock/clock';
import { queueMailTo } from '../../mail/outbox';
import { describeUserAgent } from '../sessions/user-agent';

type Translate = ReturnType<typeof translator>;

/** What a mail about the account's security says of when and where a change was made. */
export interface ChangeContext {
  /** The User-Agent of the request that made the change, if it sent one. */
  userAgent: string | null;
}

/**
 * The moment, in the member's language, region (12-hour in en-US, 24-hour in en-GB) and time
 * zone (UTC when they have none).
 */
export function whenIn(
  language: Language,
  at: Date,
  { timeZone, localeRegion }: Pick<SessionUser, 'timeZone' | 'localeRegion'>,
): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat(memberLocale(language, localeRegion), {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone,
      timeZoneName: 'short',
    }).format(at);
  try {
    return format(timeZone ?? 'UTC');
  } catch {
    return format('UTC');
  }
}

/** "Firefox on Android": browser and system only, never a version or an address. */
export function deviceIn(t: Translate, userAgent: string | null): string {
  const { browser, system } = describeUserAgent(userAgent);
  if (browser && system) return t('mail:security.device', { browser, system });
  return browser ?? system ?? t('mail:security.someDevice');
}

/** "On 3 March 2027, 14:05 UTC, from Firefox on Android." */
export function madeWhen(
  t: Translate,
  language: Language,
  member: Pick<SessionUser, 'timeZone' | 'localeRegion'>,
  { userAgent }: ChangeContext,
): string {
  return t('mail:security.when', {
    when: whenIn(language, clock.now(), member),
    device: deviceIn(t, userAgent),
  });
}

/** What was taken off an account once its mailbox's owner proved the address. */
export interface Cleared {
  passkeys: number;
  identities: number;
}

/** The line telling the owner what was removed, or none when nothing was. */
export function clearedLine(t: Translate, cleared: Cleared): string | null {
  if (cleared.passkeys === 0 && cleared.identities === 0) return null;
  return t('mail:security.cleared', {
    passkeys: cleared.passkeys,
    identities: cleared.identities,
  });
}

type SecurityChange =
  { kind: 'passkeyAdded'; name: string } | { kind: 'passwordChanged'; cleared?: Cleared };

/**
 * Tells the member a passkey was added or the password changed: when, and from which device.
 * Nothing in it signs anyone in; it says what to do if it was not them.
 */
export async function queueSecurityNotice(
  db: DbOrTx,
  config: Config,
  member: SessionUser,
  change: SecurityChange,
  context: ChangeContext,
): Promise<void> {
  await queueMailTo(db, config, member, (t, language) => {
    const when = madeWhen(t, language, member, context);
    if (change.kind === 'passkeyAdded') {
      return {
        subject: t('mail:security.passkeyAddedSubject'),
        paragraphs: [
          t('mail:security.passkeyAdded', { name: change.name }),
          when,
          t('mail:security.passkeyIfNot'),
        ],
        footer: t('mail:footers.security'),
      };
    }
    const cleared = change.cleared ? clearedLine(t, change.cleared) : null;
    return {
      subject: t('mail:security.passwordChangedSubject'),
      paragraphs: [
        t('mail:security.passwordChanged'),
        when,
        ...(cleared ? [cleared] : []),
        t('mail:security.passwordIfNot'),
      ],
      footer: t('mail:footers.security'),
    };
  });
}

/** After the first confirmation of a sign-up address: what was removed, when anything was. */
export async function queueClearedNotice(
  db: DbOrTx,
  config: Config,
  member: SessionUser,
  cleared: Cleared,
): Promise<void> {
  if (cleared.passkeys === 0 && cleared.identities === 0) return;
  await queueMailTo(db, config, member, (t) => ({
    subject: t('mail:security.clearedSubject'),
    paragraphs: [clearedLine(t, cleared)!, t('mail:security.clearedWhy')],
    footer: t('mail:footers.security'),
  }));
}
