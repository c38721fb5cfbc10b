/**
 * The install sheet's screenshots (the manifest's `screenshots`): the built site with the demo
 * community, /browse on a phone (narrow) and on a desktop (wide), written as PNGs beside the
 * icons. Run after `npm run build`: `node --import tsx scripts/app-screenshots.ts`.
 * CHROMIUM_PATH overrides /usr/bin/chromium; the server listens on 127.0.0.1 only.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startDemoSite } from '../bench/processes';
import { APP_SCREENSHOTS } from '../common/site/app-manifest';
import { chromiumLaunchOptions } from '../e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 4314);
const outDir = path.resolve('client/public');

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

const site = await startDemoSite(port);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const shot of APP_SCREENSHOTS) {
    const [width, height] = shot.sizes.split('x').map(Number) as [number, number];
    const context = await browser.newContext({
      viewport: { width, height },
      colorScheme: 'light',
      // The worker is not what is pictured; it would only make the first load busier.
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(`${site.origin}${shot.page}`, { waitUntil: 'networkidle' });
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
  await site.close();
}
