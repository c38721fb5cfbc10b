import { describe, expect, it } from 'vitest';
import {
  BROKEN_CHARACTER_MESSAGE,
  CONTROL_CHARACTER_MESSAGE,
  LINE_BREAK_MESSAGE,
  multiLineText,
  singleLineText,
  textProblem,
} from './text';

describe('text that can be stored', () => {
  it('accepts ordinary text, accents and emoji (surrogate pairs) on one line', () => {
    for (const value of ['Kefir grains', 'Crème fraîche, Zürich', 'Sourdough 🍞🧀', '']) {
      expect(textProblem(value), value).toBeUndefined();
    }
  });

  it('refuses NUL and every other control character, and line breaks on one line', () => {
    for (const code of [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f, 0x85, 0x9f]) {
      const value = `a${String.fromCharCode(code)}b`;
      expect(textProblem(value), code.toString(16)).toBe(CONTROL_CHARACTER_MESSAGE);
      expect(textProblem(value, { multiLine: true }), code.toString(16)).toBe(
        CONTROL_CHARACTER_MESSAGE,
      );
    }
    expect(textProblem('a\tb')).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(textProblem('a\nb')).toBe(LINE_BREAK_MESSAGE);
    expect(textProblem('a\r\nb')).toBe(LINE_BREAK_MESSAGE);
  });

  it('keeps tabs and line breaks in text that may span lines', () => {
    expect(textProblem('one\ttwo\nthree\r\nfour', { multiLine: true })).toBeUndefined();
  });

  it('refuses unpaired surrogates, which UTF-8 cannot encode', () => {
    for (const value of ['a\ud800', '\udc00b', 'x\ud83d y']) {
      expect(textProblem(value), JSON.stringify(value)).toBe(BROKEN_CHARACTER_MESSAGE);
      expect(textProblem(value, { multiLine: true })).toBe(BROKEN_CHARACTER_MESSAGE);
    }
  });

  it('puts its message first, before the field’s own rules, and stores CRLF as LF', () => {
    const title = singleLineText('Title is required').trim().min(1, 'Title is required').max(5);
    const result = title.safeParse('\u0000 far too long');
    expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(title.parse('  Rye ')).toBe('Rye');
    expect(singleLineText('Title is required').safeParse(42).error?.issues[0]?.message).toBe(
      'Title is required',
    );
    expect(multiLineText().parse('a\r\nb\rc\n')).toBe('a\nb\nc\n');
  });
});
