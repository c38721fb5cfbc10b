import type { Message } from '../../../../common/messages';
import { ACCEPTED_LINE, DECLINED_LINE } from '../../../../common/standing-offers';
import * as clock from '../../clock/clock';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "Saturday 10:00" within the coming week, else "Saturday 12 December 10:00": a wall-clock
 * time (`2026-11-28T10:00`) shown as typed, with no time zone conversion.
 */
export function formatWallClock(at: string, now = clock.now()): string {
  const day = new Date(`${at.slice(0, 10)}T00:00:00Z`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Math.round((day.getTime() - today) / 86_400_000);
  const weekday = WEEKDAYS[day.getUTCDay()]!;
  const time = at.slice(11, 16);
  if (days >= -1 && days < 7) return `${weekday} ${time}`;
  return `${weekday} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${time}`;
}

/** What follows a known opening of a stored line (" — the reason"), or '' when it differs. */
function tail(content: string, opening: string): string {
  return content.startsWith(opening) ? content.slice(opening.length) : '';
}

export const RELEASED_OPENING = 'Reservation released';
export const BACKED_OUT_OPENING = "Can't make it after all";

/**
 * A system line as the member reading it should see it. The stored `content` is written for
 * the line's receiver (the member it is addressed to), so it is kept for them; the member on
 * the other side — the one whose act the line records, or the giver hearing back — gets a line
 * in their own voice ("You reserved a portion for fern · Friday 18:30"). `otherName` is the
 * display name of the reader's partner in the thread. Lines from features that write their own
 * wording both ways, or whose text is not known here, are shown as stored.
 */
export function systemLineFor(message: Message, readerId: string, otherName: string): string {
  const line = message.system;
  if (message.kind !== 'system' || !line) return message.content;
  const stored = message.content;
  const isReceiver = message.receiverId === readerId;
  const when = line.at ? ` · ${formatWallClock(line.at)}` : '';
  switch (line.event) {
    case 'reserved':
      return isReceiver ? stored : `You reserved a portion for ${otherName}${when}`;
    case 'reservation_released':
      return isReceiver
        ? stored
        : `You released ${otherName}’s reservation${tail(stored, RELEASED_OPENING)}`;
    case 'reservation_backed_out':
      return isReceiver
        ? `${otherName} can't make it after all${tail(stored, BACKED_OUT_OPENING)}`
        : `You backed out of the reservation${tail(stored, BACKED_OUT_OPENING)}`;
    case 'given':
      return isReceiver
        ? stored
        : `You gave a portion to ${otherName} — waiting for them to confirm`;
    case 'received':
      return isReceiver ? `${otherName} received it — thank you!` : 'You confirmed you received it';
    case 'not_received':
      return isReceiver ? `${otherName} says it didn't happen` : "You said it didn't happen";
    case 'found_new_home':
      return isReceiver ? stored : `${otherName} was told this starter found a new home`;
    case 'checkin_answered': {
      if (isReceiver) return stored;
      const says = stored.indexOf(' says ');
      if (says < 0) return stored;
      return `You said ${stored.slice(says + ' says '.length).replace(/ — a tip from you may help$/, '')}`;
    }
    case 'standing_offered':
      return isReceiver ? stored : `${otherName} was offered a portion from your standing offer`;
    // The member's answer is stored in their own words for the owner ("Accepted the standing
    // offer…"), which reads right there; the member reading it back gets "You …".
    case 'standing_accepted':
      return isReceiver || stored !== ACCEPTED_LINE
        ? stored
        : 'You accepted the standing offer — a portion is reserved for you';
    case 'standing_declined':
      return isReceiver || stored !== DECLINED_LINE
        ? stored
        : 'You passed on this round — back to the end of the line';
    case 'standing_expired':
    case 'standing_withdrawn':
      // Already neutral: "The offer ran out…", "The standing offer ended…".
      return stored;
  }
}
