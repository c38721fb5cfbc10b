import { z } from 'zod';

export const CONTROL_CHARACTER_MESSAGE = 'Remove the invisible control characters from this text';
export const BROKEN_CHARACTER_MESSAGE = 'This text contains a broken character; please retype it';
export const LINE_BREAK_MESSAGE = 'This text must fit on one line';

// Postgres cannot store NUL, and the other controls (escape, backspace, C1) only ever arrive
// to confuse terminals, logs and screen readers. Tab, line feed and carriage return are what a
// textarea produces, so text that may span lines keeps them.
const TEXTAREA_CONTROLS = /[\t\n\r]/g;
const CONTROL = /\p{Cc}/u;
const LINE_BREAK = /[\n\r]/;
// With the u flag only an unpaired surrogate matches: UTF-8 cannot encode it, so Postgres
// would refuse it (or the driver would silently store U+FFFD instead).
const LONE_SURROGATE = /\p{Cs}/u;

/** Why `value` cannot be stored as text, or undefined when it can. */
export function textProblem(value: string, { multiLine = false } = {}): string | undefined {
  if (LONE_SURROGATE.test(value)) return BROKEN_CHARACTER_MESSAGE;
  if (multiLine) {
    return CONTROL.test(value.replace(TEXTAREA_CONTROLS, ''))
      ? CONTROL_CHARACTER_MESSAGE
      : undefined;
  }
  if (LINE_BREAK.test(value)) return LINE_BREAK_MESSAGE;
  return CONTROL.test(value) ? CONTROL_CHARACTER_MESSAGE : undefined;
}

type StringParams = Parameters<typeof z.string>[0];

function checked(params: StringParams, multiLine: boolean) {
  return (
    z
      .string(params)
      // Aborts, so the member reads this message rather than a length rule about the same text.
      .check((ctx) => {
        const problem = textProblem(ctx.value, { multiLine });
        if (problem)
          ctx.issues.push({ code: 'custom', message: problem, input: ctx.value, abort: true });
      })
  );
}

/** A one-line text field (a name, a title, a search): no control characters at all. */
export function singleLineText(params?: StringParams) {
  return checked(params, false);
}

/**
 * Text that may span lines (a textarea): tabs and line breaks stay, and a browser's CRLF is
 * stored as LF so the same text is the same bytes however it was sent.
 */
export function multiLineText(params?: StringParams) {
  return checked(params, true).overwrite((v) => v.replace(/\r\n?/g, '\n'));
}

/**
 * A form's empty answer: a blank (or all-space) string reads as not given, so an optional
 * field's default or `.optional()` applies. Everything else passes through unchanged; `null`
 * stays `null` where a schema gives it its own meaning (an alert's "clear the words").
 */
export function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** `blankToUndefined`, also for a `null` that means the same as leaving the field empty. */
export function blankOrNullToUndefined(value: unknown): unknown {
  return value === null ? undefined : blankToUndefined(value);
}
