/*
 * Request body limits (Fastify's `bodyLimit`) of routes whose bodies are alike; the server's
 * default for the rest is DEFAULT_BODY_LIMIT (app.ts). Each fits its largest valid body even
 * with every character escaped in JSON (`\uXXXX`, 6 bytes each).
 */

/** A few short fields, or no body at all: the limit every small member call has. */
export const SMALL_BODY = 4 * 1024;

/** A few short fields and a text of at most 1,000 characters: a report, an ask, a note. */
export const SHORT_TEXT_BODY = 8 * 1024;
