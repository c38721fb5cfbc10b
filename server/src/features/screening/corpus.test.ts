import { describe, expect, it } from 'vitest';
import corpus from './corpus.json' with { type: 'json' };
import { corpusFigures, screenText, type CorpusEntry } from './rules';

/**
 * The default rules measured on the labelled corpus in this folder: messages written for this
 * community, first messages screened with the stricter set. The README records the figures.
 */
const entries = corpus as CorpusEntry[];

describe('screening corpus', () => {
  it('is large enough and at least a third scams or off-site pulls', () => {
    expect(entries.length).toBeGreaterThanOrEqual(150);
    const scams = entries.filter((e) => e.label === 'scam').length;
    expect(scams * 3).toBeGreaterThanOrEqual(entries.length);
  });

  it('holds or warns at least 95 % of scams and holds no ordinary message', () => {
    const f = corpusFigures(entries);
    expect(f.scamsCaught / f.scams).toBeGreaterThanOrEqual(0.95);
    expect(f.ordinaryHeld).toBe(0);
  });

  it.each([
    "I'll bring a jar",
    'I can send a stamped envelope',
    'happy to cover the stamp',
    'no money needed',
  ])('lets the gift phrase %j pass, even as a first message', (text) => {
    expect(screenText(text, { strict: true }).action).toBe('pass');
  });

  it('does not let a gift phrase excuse payment in the next clause', () => {
    expect(screenText("No money needed, I'll send $20 by PayPal", { strict: false })).toMatchObject(
      { codes: ['money'] },
    );
  });

  it('tells a phone number from a long reference number', () => {
    for (const phone of ['0412345678', '+61412345678', '555 323 9987', '(03) 9876 5432']) {
      expect(screenText(`call ${phone}`, { strict: false }).codes).toEqual(['contact']);
    }
    expect(screenText('Rye sourdough 1764113262123', { strict: true }).action).toBe('pass');
  });

  // Each disguise of issue 41 beside its plain form: what the reader sees is what is screened.
  it.each([
    ['call 0770\u200b0 900\u200b123', 'call 07700 900123'],
    ['add me on wh\u0430tsapp', 'add me on whatsapp'],
    ['I can send it by ze\u200blle', 'I can send it by zelle'],
    ['postage is \u00a3\u200b15', 'postage is \u00a315'],
    ['order at evil.\u0441om', 'order at evil.com'],
    [
      'call \u0660\u0667\u0667\u0660\u0660 \u0669\u0660\u0660\u0661\u0662\u0663',
      'call 07700 900123',
    ],
    [
      'call \u0966\u096d\u096d\u0966\u0966 \u096f\u0966\u0966\u0967\u0968\u0969',
      'call 07700 900123',
    ],
    ['call O77OO 9OO123', 'call 07700 900123'],
    ['call 07700/900/123', 'call 07700 900123'],
    ['call 07700.900.123', 'call 07700 900123'],
    ['call 07700 - 900 - 123', 'call 07700 900123'],
    ['call 07700\u00ad900\u2060123', 'call 07700 900123'],
    ['my c\u043eurier will collect', 'my courier will collect'],
  ])('holds %j as it holds its plain form', (disguised, plain) => {
    for (const strict of [true, false]) {
      const seen = screenText(plain, { strict });
      expect(seen.action).not.toBe('pass');
      expect(screenText(disguised, { strict }), `${disguised} (strict: ${strict})`).toEqual(seen);
    }
  });

  it('keeps words and ordinary numbers as they are', () => {
    for (const text of [
      "I'll bring oil too",
      'It doubled in 6 hours at 1:1:1',
      'Would 10.30 on 12/12 work?',
      'a 500 ml jar',
    ]) {
      expect(screenText(text, { strict: true }).action, text).toBe('pass');
    }
  });

  it('holds what a newcomer could act on and only warns on a vaguer pull', () => {
    for (const text of [
      'Hi! Could you text me when it is ready?',
      'dm me',
      'call me tomorrow',
      'Is the price ok?',
    ]) {
      expect(screenText(text, { strict: true }).action, text).toBe('warn');
    }
    for (const text of [
      'text me on 0412 345 678',
      'send $20',
      'pay by PayPal',
      'see kefir.example.com',
      'kefir@example.com',
      'send me the verification code',
      'wa.me/447700900123',
    ]) {
      expect(screenText(text, { strict: true }).action, text).toBe('hold');
    }
    expect(
      screenText('Could you message me here when the grains are ready?', { strict: true }),
    ).toMatchObject({ action: 'pass' });
    // A rule that holds for everyone holds a newcomer's vague words too.
    expect(screenText('my courier will collect', { strict: true }).action).toBe('hold');
  });

  // Issue 43: a newcomer's ordinary words are a note for the reader, never a wait for review.
  const ORDINARY_VAGUE = [
    'Hi! Could you text me when it is ready?',
    'My friend delivers bread on your street on Saturdays, could she pick up the jar for me?',
  ];

  it.each([...ORDINARY_VAGUE, 'text me', 'my friend delivers', 'my son will collect'])(
    'warns on the newcomer line %j and does not hold it',
    (text) => {
      expect(screenText(text, { strict: true }).action).toBe('warn');
    },
  );

  it('keeps those ordinary lines in the corpus, warned and not held', () => {
    for (const text of ORDINARY_VAGUE) {
      const entry = entries.find((e) => e.text === text);
      expect(entry, text).toMatchObject({ label: 'ordinary', first: true });
      expect(screenText(text, { strict: true }).action).toBe('warn');
    }
    expect(corpusFigures(entries).ordinaryWarned).toBeGreaterThanOrEqual(ORDINARY_VAGUE.length);
  });

  it('lets a member past their first messages say a friend collects, with no note', () => {
    expect(screenText('my friend delivers', { strict: false }).action).toBe('pass');
    expect(screenText('my friend will collect it', { strict: true }).action).toBe('warn');
  });
});
