import type { Message } from '../../../../common/conversations/messages';
import type { SystemLine, SystemLineValues } from '../../../../common/conversations/system-lines';
import { wordFor, type Reader, type Wording, type WordingValue } from '../../i18n/wording';

/** The hand-overs a thread shows answered (Received, It didn't happen): their lines read as done. */
export function settledHandovers(thread: Array<Pick<Message, 'kind' | 'system'>>): Set<number> {
  const settled = new Set<number>();
  for (const m of thread) {
    const event = m.kind === 'system' ? m.system?.event : undefined;
    const id = m.system?.handoverId;
    if ((event === 'received' || event === 'not_received') && id != null) settled.add(id);
  }
  return settled;
}

/**
 * Who reads a line: the member it is addressed to (`receiver`: "Reserved for you"), or the
 * member on the other side, whose act it records or who hears back ("You reserved a portion
 * for fern").
 */
export type LineSide = 'receiver' | 'other';

/** The other member of the thread, by name, or "this member" in the reader's words. */
export const partnerName = (name: string | null | undefined): WordingValue =>
  name?.trim() ? name : { text: { key: 'mail:lines.thisMember' } };

/**
 * A line's wording for one side (`mail:lines.<event>.<side>`), `name` being the other member of
 * the thread. Null for a line stored before decision 124 whose words were not recognised: it
 * is shown as stored. `settled`: the hand-over the line is about has been answered since
 * (Received or It didn't happen), so a line that asked for it no longer does.
 */
export function lineWording(
  line: SystemLine,
  side: LineSide,
  name: WordingValue,
  settled = false,
): Wording | null {
  const values = line.values;
  if (!values) return null;
  const key = `mail:lines.${line.event}.${side}`;
  switch (line.event) {
    case 'given':
      return { key: settled ? `${key}Done` : key, values: { name } };
    case 'reserved':
      return line.at
        ? { key: `${key}At`, values: { name, when: { wallClock: line.at } } }
        : { key, values: { name } };
    case 'reservation_released':
    case 'reservation_backed_out':
      return values.reason
        ? { key: `${key}Why`, values: { name, reason: values.reason } }
        : { key, values: { name } };
    case 'checkin_answered':
      return values.answer ? { key, values: { name, answer: values.answer } } : null;
    case 'feedback_left':
      return feedbackWording(key, side, name, values);
    case 'standing_offered':
      return values.hours ? { key, values: { name, hours: values.hours } } : null;
    default:
      return { key, values: { name } };
  }
}

/**
 * Feedback as its reader sees it: a 👎 told to the member it is about says when it will count
 * unless its giver withdraws it first (decision 168), so it never reads as already counted.
 */
function feedbackWording(
  key: string,
  side: LineSide,
  name: WordingValue,
  values: SystemLineValues,
): Wording | null {
  if (!values.rating) return null;
  const countsAt = side === 'receiver' && values.rating === 'down' ? values.countsAt : undefined;
  const shown = values.note ? `${key}Note` : key;
  return {
    key: countsAt ? `${shown}Waits` : shown,
    values: {
      name,
      rating: values.rating,
      ...(values.note ? { note: values.note } : {}),
      ...(countsAt ? { countsAt: { date: countsAt } } : {}),
    },
  };
}

/**
 * A system line as the member reading it should see it (decision 050): in their own voice, in
 * their language, its time in their way of writing it (decision 124). `otherName` is the
 * display name of the reader's partner in the thread; `settledHandovers`, the hand-overs the
 * thread shows answered. A member's own message is returned as written.
 */
export function systemLineFor(
  message: Pick<Message, 'kind' | 'system' | 'receiverId' | 'content'>,
  reader: Reader & { id: string },
  otherName: string | null,
  settledHandovers: ReadonlySet<number> = new Set(),
): string {
  if (message.kind !== 'system' || !message.system) return message.content;
  const side: LineSide = message.receiverId === reader.id ? 'receiver' : 'other';
  const { handoverId } = message.system;
  const settled = handoverId !== null && settledHandovers.has(handoverId);
  const wording = lineWording(message.system, side, partnerName(otherName), settled);
  return wording ? wordFor(wording, reader) : message.content;
}
