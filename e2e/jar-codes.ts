import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The /j/ codes printed in a labels PDF (the short link under each QR code). */
export function codesIn(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jar-codes-'));
  try {
    fs.writeFileSync(path.join(dir, 'labels.pdf'), pdf);
    const text = execFileSync('pdftotext', ['labels.pdf', '-'], { cwd: dir }).toString();
    return [...text.matchAll(/\/j\/([0-9a-z]{12})/g)].map((m) => m[1]!);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
