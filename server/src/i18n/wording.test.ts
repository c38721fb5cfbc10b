import { describe, expect, it } from 'vitest';
import { catalogues } from '../../../common/i18n/catalogues';
import { flatten } from '../../../common/i18n/keys';
import type { Language } from '../../../common/i18n/languages';
import { CHECKIN_ANSWERS } from '../../../common/cultures/checkins';
import { NOTIFICATION_KINDS } from '../../../common/notifications/notifications';
import { SYSTEM_EVENTS, type SystemLine } from '../../../common/conversations/system-lines';
import { systemLineFor, type LineSide } from '../features/messages/system-line-wording';
import { ruleWording } from '../features/moderation/moderation-mail';
import { englishIn } from '../test/english-leaks';
import { wallClockFor, wordFor, type Reader, type WordingValue } from './wording';

const NOW = new Date('2026-11-28T12:00:00Z');
const SOON = '2026-11-30T18:30';
const LATER = '2026-12-14T10:00';

/** Every shape a line of `event` takes: with and without its time, its reason, each answer. */
function shapesOf(event: SystemLine['event']): SystemLine[] {
  const line = (values: SystemLine['values'], at: string | null = null): SystemLine => ({
    event,
    at,
    reservationId: 1,
    handoverId: 1,
    values,
  });
  switch (event) {
    case 'reserved':
      return [line({}), line({}, SOON), line({}, LATER)];
    case 'reservation_released':
    case 'reservation_backed_out':
      return [line({}), line({ reason: 'la semana está llena' })];
    case 'checkin_answered':
      return CHECKIN_ANSWERS.map((answer) => line({ answer }));
    case 'standing_offered':
      return [line({ hours: 1 }), line({ hours: 48 })];
    case 'feedback_left':
      return [
        line({ rating: 'up' }),
        line({ rating: 'down' }),
        line({ rating: 'up', note: 'muy amable' }),
        line({ rating: 'down', note: 'llegó tarde' }),
      ];
    default:
      return [line({})];
  }
}

/** A sample for each value a bell item or a mail line takes. */
const samples: Record<string, WordingValue> = {
  name: 'Marisol',
  title: 'Masa madre',
  reason: 'la semana está llena',
  when: { wallClock: LATER },
  date: { date: '2026-12-03T09:00:00Z' },
  rule: ruleWording('safety'),
  what: {
    text: { key: 'common:subcategories.milk-kefir', values: { defaultValue: 'Milk kefir' } },
  },
  place: 'Sevilla',
  giver: 'Marisol',
  day: 3,
  hours: 24,
  answer: 'slow',
  rating: 'up',
  note: 'muy amable',
};

describe.each<Language>(['es', 'de', 'fr'])('what the site writes, read in %s', (language) => {
  const reader: Reader = { language, timeZone: 'Europe/Madrid' };

  it('words every thread line, for each side, with no English', () => {
    const leaks: string[] = [];
    for (const event of SYSTEM_EVENTS) {
      for (const system of shapesOf(event)) {
        for (const side of ['receiver', 'other'] as LineSide[]) {
          const message = {
            kind: 'system' as const,
            system,
            receiverId: side === 'receiver' ? 'reader' : 'partner',
            content: '',
          };
          const text = systemLineFor(message, { ...reader, id: 'reader' }, 'Marisol');
          expect(text, `${event} ${side}`).not.toBe('');
          expect(text, `${event} ${side}`).not.toMatch(/^mail:/);
          const english = englishIn(text);
          if (english.length) leaks.push(`${event}/${side}: "${text}" has ${english.join(', ')}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('words every bell item and line of every notification kind with no English', () => {
    // Every kind's items draw on `mail:notifications` (and the lines above); each text there is
    // worded with its values.
    expect(NOTIFICATION_KINDS.length).toBeGreaterThan(0);
    const leaks: string[] = [];
    for (const [key] of flatten(catalogues.en.mail.notifications as never)) {
      const text = wordFor({ key: `mail:notifications.${key}`, values: samples }, reader);
      const english = englishIn(text);
      if (english.length) leaks.push(`${key}: "${text}" has ${english.join(', ')}`);
    }
    expect(leaks).toEqual([]);
  });

  it('writes times and dates in the reader’s words', () => {
    const near = wallClockFor(SOON, reader, NOW);
    const far = wallClockFor(LATER, reader, NOW);
    expect(near).toContain('18:30');
    expect(far).toContain('10:00');
    expect(englishIn(`${near} ${far}`)).toEqual([]);
    const december: Record<string, RegExp> = { es: /diciembre/, de: /Dezember/, fr: /décembre/ };
    expect(far).toMatch(december[language]!);
  });
});

describe('the English lines', () => {
  const english: Reader & { id: string } = { language: 'en', timeZone: null, id: 'reader' };
  it('read as they did when they were stored in English', () => {
    const line = (event: SystemLine['event'], values: SystemLine['values'], at: string | null) => ({
      kind: 'system' as const,
      system: { event, at, reservationId: 1, handoverId: null, values },
      receiverId: 'reader',
      content: '',
    });
    expect(
      systemLineFor(line('reservation_released', { reason: 'ill' }, null), english, 'fern'),
    ).toBe('Reservation released — ill');
    expect(systemLineFor(line('standing_offered', { hours: 48 }, null), english, 'fern')).toBe(
      'Your turn in the line: a portion is yours if you accept within 48 hours',
    );
    expect(
      systemLineFor(line('checkin_answered', { answer: 'worried' }, null), english, 'fern'),
    ).toBe("fern says the culture hasn't woken up yet — a tip from you may help");
  });

  it('shows a line stored before it had values as it was stored', () => {
    const old = {
      kind: 'system' as const,
      system: { event: 'given' as const, at: null, reservationId: null, handoverId: 1 },
      receiverId: 'reader',
      content: 'Something the site once wrote',
    };
    expect(systemLineFor(old, { ...english, language: 'es' }, 'fern')).toBe(
      'Something the site once wrote',
    );
  });
});
