import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * Jar labels as a PDF (decision 157): pdfkit writes it, qrcode encodes each label's link, and
 * the text is set in Noto Sans (SIL Open Font License), embedded as subsets: its Latin and Latin
 * Extended files cover the letters of English, Spanish, French and German and most other
 * languages written in Latin letters.
 */

/** One label's content, already worded in the giver's language. */
export interface JarLabel {
  title: string;
  /** "Active · fed Thu, Nov 26, 2026" */
  formLine: string;
  care: string[];
  /** What the QR code opens: `<PUBLIC_URL>/j/<code>`. */
  url: string;
  /** Printed under the code, to type in when a camera can't read it. */
  shortLink: string;
}

export type LabelLayout = 'sheet' | 'single';

const MM = 72 / 25.4;
/** A4 label stock of 24 (in mm): 3 columns × 8 rows of 70 × 37 mm, no gaps, 0.5 mm from the top. */
export const LABEL_SHEET = { columns: 3, rows: 8, topMm: 0.5, widthMm: 70, heightMm: 37 };
/**
 * Kept 5 mm from the sides, which on this stock are the sheet's edges where most printers can't
 * print; the code is 22 mm square, its modules over half a millimetre for a phone's camera.
 */
const LABEL = {
  width: LABEL_SHEET.widthMm * MM,
  height: LABEL_SHEET.heightMm * MM,
  padding: 5 * MM,
  top: 3.5 * MM,
  qr: 22 * MM,
};

const require = createRequire(import.meta.url);
const fontFile = (subset: 'latin' | 'latin-ext', weight: 400 | 700) =>
  // The .woff files: fontkit subsets their composite glyphs (é, ñ) correctly, the .woff2 not.
  require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`);

/** Code points the Latin file has (fontsource's unicode-range of it); others take Latin Extended. */
function inLatinFile(codePoint: number): boolean {
  return (
    codePoint <= 0xff ||
    codePoint === 0x131 ||
    codePoint === 0x152 ||
    codePoint === 0x153 ||
    (codePoint >= 0x2000 && codePoint <= 0x206f) ||
    codePoint === 0x20ac ||
    codePoint === 0x2122 ||
    codePoint === 0x2212
  );
}

type Doc = InstanceType<typeof PDFDocument>;
type Weight = 'regular' | 'bold';

/** The text in runs of one font file each. */
function runs(text: string, weight: Weight): Array<{ font: string; text: string }> {
  const out: Array<{ font: string; text: string }> = [];
  for (const char of text) {
    const font = `${weight}-${inLatinFile(char.codePointAt(0)!) ? 'latin' : 'ext'}`;
    const last = out[out.length - 1];
    if (last?.font === font) last.text += char;
    else out.push({ font, text: char });
  }
  return out;
}

function widthOf(doc: Doc, text: string, weight: Weight, size: number): number {
  return runs(text, weight).reduce(
    (sum, run) => sum + doc.font(run.font).fontSize(size).widthOfString(run.text),
    0,
  );
}

/** The text cut to `width` with an ellipsis when it is longer. */
function fitted(doc: Doc, text: string, weight: Weight, size: number, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (widthOf(doc, flat, weight, size) <= width) return flat;
  const chars = [...flat];
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (widthOf(doc, `${chars.slice(0, mid).join('').trimEnd()}…`, weight, size) <= width) {
      low = mid;
    } else high = mid - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`;
}

/** One line of text at (x, y), cut to `width`. */
function line(
  doc: Doc,
  text: string,
  at: { x: number; y: number; width: number; size: number; weight?: Weight },
) {
  const weight = at.weight ?? 'regular';
  let x = at.x;
  for (const run of runs(fitted(doc, text, weight, at.size, at.width), weight)) {
    doc.font(run.font).fontSize(at.size);
    doc.text(run.text, x, at.y, { lineBreak: false });
    x += doc.widthOfString(run.text);
  }
}

/**
 * The text in at most two lines of `width`, broken between words (the second cut with "…"
 * when even two are not enough; a text of parts "a · b" breaks between them): German, French and Spanish say more than a line holds.
 */
function twoLines(doc: Doc, text: string, size: number, width: number): string[] {
  if (widthOf(doc, text, 'regular', size) <= width) return [text];
  // "Active · fed …" breaks at its dot first, so the date stays in one piece.
  const [head, ...rest] = text.split(' · ');
  if (rest.length > 0) return [head!, rest.join(' · ')];
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  let first = '';
  let taken = 0;
  for (const word of words) {
    const longer = first ? `${first} ${word}` : word;
    if (widthOf(doc, longer, 'regular', size) > width) break;
    first = longer;
    taken++;
  }
  if (taken === words.length) return [first];
  if (taken === 0) return [fitted(doc, text, 'regular', size, width)];
  return [first, words.slice(taken).join(' ')];
}

/**
 * Lines of `size` from `y` down, each text in one line or, when it needs them, two; the
 * lines below answer the height taken.
 */
function textBlock(
  doc: Doc,
  texts: string[],
  at: { x: number; y: number; width: number; size: number; gap: number },
): number {
  let y = at.y;
  for (const text of texts) {
    for (const part of twoLines(doc, text, at.size, at.width)) {
      line(doc, part, { x: at.x, y, width: at.width, size: at.size });
      y += at.size * 1.25;
    }
    y += at.gap;
  }
  return y;
}

/** The QR code of `url` as filled squares, `size` wide, its top left at (x, y). */
function qrCode(doc: Doc, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) doc.rect(x + column * cell, y + row * cell, cell, cell);
    }
  }
  doc.fillColor('black').fill();
}

/** One label with its top left corner at (x, y). */
function drawLabel(doc: Doc, label: JarLabel, x: number, y: number) {
  const { padding, qr, top } = LABEL;
  const qrX = x + LABEL.width - padding - qr;
  qrCode(doc, label.url, qrX, y + top, qr);
  line(doc, label.shortLink, {
    x: qrX - 3 * MM,
    y: y + top + qr + 2,
    width: qr + 3 * MM,
    size: 4.5,
  });
  // Clear of the code by more than its quiet zone (4 modules), so a camera finds its edge.
  const width = qrX - x - padding - 4 * MM;
  line(doc, label.title, { x: x + padding, y: y + top, width, size: 9, weight: 'bold' });
  const y0 = textBlock(doc, [label.formLine], {
    ...{ x: x + padding, y: y + top + 13, width, size: 6.5, gap: 4 },
  });
  textBlock(doc, label.care.slice(0, 3), { x: x + padding, y: y0, width, size: 6, gap: 2 });
}

/** The labels as a PDF: on A4 label stock, or each on a page of its own size. */
export async function labelsPdf(
  labels: JarLabel[],
  options: { layout: LabelLayout; title: string; language: string },
): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    font: fontFile('latin', 400),
    lang: options.language,
    info: { Title: options.title, Creator: 'CultureShare' },
  });
  doc.registerFont('regular-latin', fontFile('latin', 400));
  doc.registerFont('regular-ext', fontFile('latin-ext', 400));
  doc.registerFont('bold-latin', fontFile('latin', 700));
  doc.registerFont('bold-ext', fontFile('latin-ext', 700));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const perSheet = LABEL_SHEET.columns * LABEL_SHEET.rows;
  labels.forEach((label, i) => {
    if (options.layout === 'single') {
      doc.addPage({ size: [LABEL.width, LABEL.height], margin: 0 });
      drawLabel(doc, label, 0, 0);
      return;
    }
    if (i % perSheet === 0) doc.addPage({ size: 'A4', margin: 0 });
    const at = i % perSheet;
    const column = at % LABEL_SHEET.columns;
    const row = Math.floor(at / LABEL_SHEET.columns);
    drawLabel(doc, label, column * LABEL.width, LABEL_SHEET.topMm * MM + row * LABEL.height);
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
