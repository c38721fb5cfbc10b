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

  it('holds or warns at least 95 % of scams and holds at most 2 % of ordinary messages', () => {
    const f = corpusFigures(entries);
    expect(f.scamsCaught / f.scams).toBeGreaterThanOrEqual(0.95);
    expect(f.ordinaryHeld / f.ordinary).toBeLessThanOrEqual(0.02);
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
});
