import { appReady, expect, PHONE, signUpAndIn, test } from './fixtures';

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
 * Scrolls the page down `step` px at a time to its end, in the page itself, and says where the
 * button, showing, lay over words or a control (a list that loads under it gets a few moments
 * to move it aside); at the end, whether it is back over its own strip once the page is still.
 * With motion reduced the button has no fade, so what shows after a frame is what a member sees.
 */
async function walkDownThePage(step: number) {
  const w = globalThis as unknown as Win;
  const frame = () => new Promise<void>((r) => w.requestAnimationFrame(r));
  const fab = () =>
    [...w.document.querySelectorAll('header a[href="/post"]')].find(
      (a) => w.getComputedStyle(a).position === 'fixed',
    );
  /** What the button lies over now, when it shows. */
  const coveredNow = (): string[] => {
    const button = fab();
    if (!button) return [];
    const f = button.getBoundingClientRect();
    const style = w.getComputedStyle(button);
    if (f.top >= w.innerHeight || style.display === 'none' || style.opacity === '0') return [];
    const controls = 'a[href], button, input, select, textarea, label, summary';
    return [...w.document.querySelectorAll(':is(main, footer) *')]
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
  };
  let stops = 0;
  for (; stops < 400; stops++) {
    const until = Date.now() + 5_000;
    let covered = coveredNow();
    while (covered.length > 0 && Date.now() < until) {
      await frame();
      covered = coveredNow();
    }
    if (covered.length > 0) return { at: w.scrollY, covered, stops, shownAtEnd: false };
    const before = w.scrollY;
    w.scrollBy(0, step);
    // The scroll event, then the button's own frame.
    for (let i = 0; i < 3; i++) await frame();
    if (w.scrollY === before) break;
  }
  // At the end it comes back once the page has been still for a moment.
  const until = Date.now() + 5_000;
  while (fab()?.dataset.pending !== undefined && Date.now() < until) await frame();
  await frame();
  const button = fab();
  const shownAtEnd = !!button && w.getComputedStyle(button).opacity !== '0';
  return { at: w.scrollY, covered: coveredNow(), stops, shownAtEnd };
}

test('at 360 px the floating Share Starter button lies over no words or control, top to end', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUpAndIn(page.request);
  // The profile of a new member (its empty Saved list ends where the button floats), browse,
  // asks and the help centre.
  for (const path of ['/profile', '/browse', '/asks', '/help']) {
    await page.goto(path);
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const walked = await page.evaluate(walkDownThePage, 40);
    expect(walked.covered, `${path} at ${walked.at} px`).toEqual([]);
    // The whole page was walked, and the button came back at its end.
    expect(walked.stops, path).toBeGreaterThan(3);
    expect(walked.shownAtEnd, path).toBe(true);
  }
});
