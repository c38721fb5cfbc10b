import { z } from 'zod';
import { CULTURE_FORMS } from './cultures';

/**
 * Jar labels (decision 157): a giver prints labels for a listing's portions, each with a QR code
 * for `<PUBLIC_URL>/j/<code>`; the member who received the jar scans it to record the hand-over.
 */

/** Labels in one PDF at most: one A4 sheet of the label stock. */
export const LABELS_MAX = 24;
export const LABELS_COUNT_MESSAGE = `Choose between 1 and ${LABELS_MAX} labels`;

/** A code's letters: digits and lower-case letters without i, l, o and u (Crockford's base 32). */
export const LABEL_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** Twelve letters of 32: 60 random bits, short enough to type from a label. */
export const LABEL_CODE_LENGTH = 12;

/** The page a label's QR code opens. */
export const labelPath = (code: string) => `/j/${code}`;

/** GET /api/starters/:id/labels.pdf?count=N[&layout=single] */
export const labelsQuerySchema = z.object({
  count: z.coerce
    .number(LABELS_COUNT_MESSAGE)
    .int(LABELS_COUNT_MESSAGE)
    .min(1, LABELS_COUNT_MESSAGE)
    .max(LABELS_MAX, LABELS_COUNT_MESSAGE),
  /**
   * `sheet` (the default): the labels on A4 label stock, 3 × 8 labels of 70 × 37 mm; `single`:
   * each label on a page of its own size, for a label printer.
   */
  layout: z.enum(['sheet', 'single'], 'Choose a sheet or single labels').default('sheet'),
});
export type LabelsQuery = z.infer<typeof labelsQuerySchema>;

export const LABEL_NOT_FOUND = 'Label not found';
export const LABEL_USED = 'This jar has already been received';
export const LABEL_OWN = 'This is your own jar: the member you give it to scans it';

/** `:code` of /j/:code and /api/labels/:code: anything else is a label that does not exist. */
export const labelCodeParams = z.object({ code: z.string().max(64) });

/**
 * POST /api/labels/:code/receive, optionally with when the jar was scanned: a scan kept on the
 * device while it was offline says its own time (decision 169); the server keeps it within
 * what is possible (after the label was printed, at most a week back, never ahead).
 */
export const receiveLabelSchema = z
  .object({ scannedAt: z.iso.datetime({ offset: true, message: 'Invalid scan time' }).optional() })
  .nullish();
export type ReceiveLabel = z.infer<typeof receiveLabelSchema>;
/** The longest an offline scan may have waited on its device and still keep its own time. */
export const SCAN_KEPT_DAYS = 7;

/** POST /api/labels/:code/receive → 200 */
export const receivedLabelSchema = z.object({
  handoverId: z.number().int(),
  starterId: z.number().int(),
});
export type ReceivedLabel = z.infer<typeof receivedLabelSchema>;

/** GET /api/labels/:code: what the page of a label shows. */
export const labelViewSchema = z.object({
  code: z.string(),
  starterId: z.number().int(),
  title: z.string(),
  form: z.enum(CULTURE_FORMS),
  subcategory: z.string(),
  lastFedAt: z.string().nullable(),
  /** The giver's first name (or how they are named). */
  giverName: z.string(),
  /** The asker printed it. */
  mine: z.boolean(),
  /** Once received: the first name of the member who has it now; else null. */
  holderName: z.string().nullable(),
  /** The asker is the member who received it. */
  receivedByMe: z.boolean(),
});
export type LabelView = z.infer<typeof labelViewSchema>;
