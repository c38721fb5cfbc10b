/**
 * The install sheet's screenshots (the manifest's `screenshots`): the built site with the demo
 * community, /browse on a phone (narrow) and on a desktop (wide), written as PNGs beside the
 * icons. Run after `npm run build`: `node --import tsx scripts/app-screenshots.ts`.
 * CHROMIUM_PATH overrides /usr/bin/chromium; the server listens on 127.0.0.1 only.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { APP_SCREENSHOTS } from '../common/app-manifest';

const port = Number(process.env.E2E_PORT ?? 4314);
const origin = `http://127.0.0.1:${port}`;
const outDir = path.resolve('client/public');

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

/**
 * A machine without a colour emoji font draws the category emoji (🧀 🍞 …) as empty boxes,
 * which no phone shows: there they are left out of the picture rather than drawn wrong.
 */
const hasEmojiFont =
  spawnSync('fc-list', [':charset=1f9c0'], { encoding: 'utf8' }).stdout?.trim().length > 0;
const WITHOUT_EMOJI = `(() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    node.textContent = node.textContent.replace(/\\p{Extended_Pictographic}\\uFE0F?\\s?/gu, '');
  }
})()`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-shots-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  HOST: '127.0.0.1',
  PORT: String(port),
  LOG_LEVEL: 'silent',
};
spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/demo.ts'], {
  env,
  stdio: 'inherit',
});
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  env,
  stdio: 'ignore',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  await waitFor(`${origin}/readyz`);
  for (const shot of APP_SCREENSHOTS) {
    const [width, height] = shot.sizes.split('x').map(Number) as [number, number];
    const context = await browser.newContext({
      viewport: { width, height },
      colorScheme: 'light',
      // The worker is not what is pictured; it would only make the first load busier.
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(`${origin}${shot.page}`, { waitUntil: 'networkidle' });
    // Every photo on screen loaded, none half-drawn.
    // Every photo in view decoded, none half-drawn (a string: this file has no DOM types).
    await page.evaluate(`Promise.all(Array.from(document.images)
      .filter((img) => img.getBoundingClientRect().top < innerHeight)
      .map((img) => img.decode().catch(() => undefined)))`);
    if (!hasEmojiFont) await page.evaluate(WITHOUT_EMOJI);
    const file = path.join(outDir, shot.src);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    console.log(`${shot.src} ${shot.sizes}`);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
