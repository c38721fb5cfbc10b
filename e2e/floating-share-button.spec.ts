import type { Page } from '@playwright/test';
import { animationsFinished, appReady, expect, PHONE, signUpAndIn, test } from './fixtures';

/*
 * At 360 px the floating Share Starter button never lies over words or a control a member needs:
 * it steps aside while the page scrolls down and rests over a strip of its own at the page's
 * end. Checked by geometry, down the whole of a few pages a member lands on.
 */

interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
}
interface El {
  getBoundingClientRect(): Rect;
  matches(selector: string): boolean;
  closest(selector: string): El | null;
  checkVisibility(options: { visibilityProperty: boolean }): boolean;
  childNodes: Iterable<{ nodeType: number; textContent: string | null }>;
  dataset: Record<string, string | undefined>;
  textContent: string | null;
  outerHTML: string;
}
interface Win {
  innerHeight: number;
  scrollY: number;
  scrollBy(x: number, y: number): void;
  getComputedStyle(el: El): {
    position: string;
    visibility: string;
    display: string;
    opacity: string;
  };
  requestAnimationFrame(callback: () => void): void;
  document: { querySelectorAll(selector: string): Iterable<El> };
}

/**
 * What the button lies over in the window now, when it shows: every control, and every element
 * with words of its own, whose box meets the button's.
 */
function coveredNow(): { covered: string[]; shown: boolean; pending: boolean } {
  const w = globalThis as unknown as Win;
  const fab = [...w.document.querySelectorAll('header a[href="/post"]')].find(
    (a) => w.getComputedStyle(a).position === 'fixed',
  );
  if (!fab) return { covered: [], shown: false, pending: false };
  const pending = fab.dataset.pending !== undefined;
  const f = fab.getBoundingClientRect();
  const style = w.getComputedStyle(fab);
  const shown = f.top < w.innerHeight && style.display !== 'none' && style.opacity !== '0';
  if (!shown) return { covered: [], shown, pending };
  const controls = 'a[href], button, input, select, textarea, label, summary';
  const covered = [...w.document.querySelectorAll(':is(main, footer) *')]
    .filter((el) => {
      const words = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim());
      if (!words && !el.matches(controls)) return false;
      const r = el.getBoundingClientRect();
      // Drawn at all (not inside a closed answer, nor hidden).
      if (r.width < 1 || r.height < 1 || !el.checkVisibility({ visibilityProperty: true }))
        return false;
      return r.left < f.right && f.left < r.right && r.top < f.bottom && f.top < r.bottom;
    })
    .map((el) => `${el.outerHTML.slice(0, 60)} (${(el.textContent ?? '').trim().slice(0, 40)})`);
  return { covered, shown, pending };
}

/** Once the button has settled: its choice made (the page still) and its fade over. */
async function settled(page: Page) {
  await expect.poll(async () => (await page.evaluate(coveredNow)).pending).toBe(false);
  await animationsFinished(page);
  return page.evaluate(coveredNow);
}

/** Scrolls the page down `step` px at a time to its end, checking the button at each stop. */
async function expectNothingCoveredDownThePage(page: Page, step = 40) {
  for (let stop = 0; stop < 400; stop++) {
    // A list that loads under it moves it aside within moments.
    const at = await page.evaluate(() => (globalThis as unknown as Win).scrollY);
    await expect
      .poll(async () => (await settled(page)).covered, { message: `at ${at} px`, timeout: 5_000 })
      .toEqual([]);
    const moved = await page.evaluate(async (by) => {
      const w = globalThis as unknown as Win;
      const before = w.scrollY;
      w.scrollBy(0, by);
      // The scroll event, then the button's own frame.
      for (let i = 0; i < 3; i++) await new Promise<void>((r) => w.requestAnimationFrame(r));
      return w.scrollY !== before;
    }, step);
    if (!moved) break;
  }
  // At the end it is back, over its own strip.
  expect((await settled(page)).shown).toBe(true);
}

test('at 360 px the floating Share Starter button lies over no words or control, top to end', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  await signUpAndIn(page.request);
  // The profile of a new member (its empty Saved list ends where the button floats), browse,
  // asks and the help centre.
  for (const path of ['/profile', '/browse', '/asks', '/help']) {
    await page.goto(path);
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNothingCoveredDownThePage(page);
  }
});
