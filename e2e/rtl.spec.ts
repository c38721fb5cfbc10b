import type { Page } from '@playwright/test';
import { expect, newMember, shareStarter, signUpAndIn, test } from './fixtures';

/*
 * Right-to-left ready (decision 103): every page at 360 px, turned right-to-left and written in a
 * pseudo-language a third longer than English with accents on every letter, keeps its controls
 * on the screen, unclipped and apart.
 */

test.use({ viewport: { width: 360, height: 780 } });

/**
 * In the page (a string: the tests' types have no DOM): turns the page right-to-left, lengthens
 * and accents every text, then lists what a member would see broken — the page wider than the
 * screen, a control reaching past it, a control whose text is cut off, and two controls on top
 * of each other. A control in a strip that scrolls sideways (the category chips) may reach
 * past the screen; a fixed one (the floating Share button) floats over the page by design.
 */
const PSEUDO_RTL_CHECK = `(() => {
  const ACCENTS = { a: 'á', e: 'é', i: 'î', o: 'ö', u: 'ü', c: 'ç', n: 'ñ', s: 'š', y: 'ý', z: 'ž',
    A: 'Å', E: 'É', I: 'Î', O: 'Ö', U: 'Ü', C: 'Ç', N: 'Ñ', S: 'Š', Y: 'Ý', Z: 'Ž' };
  document.documentElement.dir = 'rtl';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  for (const node of texts) {
    const text = node.data;
    if (!text.trim() || node.parentElement.closest('script, style')) continue;
    const accented = text.replace(/[A-Za-z]/g, (ch) => ACCENTS[ch] || ch);
    const longer = Math.ceil(text.trim().length / 3);
    node.data = accented.replace(/\\S(?=\\s*$)/, (last) => last + '·'.repeat(longer));
  }
  for (const field of document.querySelectorAll('input[placeholder], textarea[placeholder]'))
    field.placeholder = field.placeholder + '·'.repeat(Math.ceil(field.placeholder.length / 3));

  const width = document.documentElement.clientWidth;
  const problems = [];
  if (document.documentElement.scrollWidth > width + 1)
    problems.push('page is ' + document.documentElement.scrollWidth + ' px wide');
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    // checkVisibility: a control folded in a closed <details> keeps a box but is not shown.
    return r.width > 2 && r.height > 2 && style.visibility !== 'hidden' && el.checkVisibility() && !el.closest('[aria-hidden="true"], .sr-only, .leaflet-container');
  };
  const inScroller = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll') return true;
    }
    return false;
  };
  const fixed = (el) => {
    for (let p = el; p; p = p.parentElement) if (getComputedStyle(p).position === 'fixed') return true;
    return false;
  };
  const name = (el) => el.tagName.toLowerCase() + ' "' + (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').trim().slice(0, 40) + '"';
  const controls = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=combobox], [role=tab], [role=switch]')]
    .filter(visible);
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (!inScroller(el) && (r.left < -1 || r.right > width + 1))
      problems.push(name(el) + ' reaches past the screen (' + Math.round(r.left) + '–' + Math.round(r.right) + ')');
    const style = getComputedStyle(el);
    const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
    if (clips && el.scrollWidth > el.clientWidth + 1 && style.textOverflow !== 'ellipsis')
      problems.push(name(el) + ' cuts off its text');
  }
  // Line by line: a link in running text that wraps is two boxes, not the square round both.
  const boxes = controls.filter((el) => !fixed(el)).map((el) => [el, [...el.getClientRects()]]);
  const meet = (ra, rb) =>
    Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left) > 2 &&
    Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top) > 2;
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, ras] = boxes[i];
      const [b, rbs] = boxes[j];
      if (a.contains(b) || b.contains(a)) continue;
      if (ras.some((ra) => rbs.some((rb) => meet(ra, rb)))) problems.push(name(a) + ' overlaps ' + name(b));
    }
  return problems;
})()`;

async function expectSoundRightToLeft(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  const problems = (await page.evaluate(PSEUDO_RTL_CHECK)) as string[];
  expect(problems, path).toEqual([]);
}

test('visitors’ pages, right-to-left in a long pseudo-language, keep every control whole at 360 px', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const giver = await browser.newContext();
  await signUpAndIn(giver.request, newMember());
  const id = await shareStarter(giver.request, 'Kefir grains to share');
  await giver.close();
  for (const path of [
    '/',
    '/browse',
    `/starter/${id}`,
    '/join',
    '/login',
    '/signup',
    '/help',
    '/rules',
    '/safety',
  ])
    await expectSoundRightToLeft(page, path);
});

test('members’ pages, right-to-left in a long pseudo-language, keep every control whole at 360 px', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const member = await signUpAndIn(page.request, newMember());
  // Signed in on a second device too, so the profile offers to sign out the others.
  const phone = await browser.newContext();
  const other = await phone.request.post('/api/auth/login', {
    data: { email: member.email, password: member.password },
  });
  expect(other.ok()).toBe(true);
  await phone.close();
  const id = await shareStarter(page.request, 'Rye sourdough for a neighbour', {
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
    description: 'A lively rye starter, fed daily.',
  });
  for (const path of [
    '/',
    '/post',
    `/starter/${id}`,
    `/starter/${id}/edit`,
    '/profile',
    '/settings',
    '/messages',
  ])
    await expectSoundRightToLeft(page, path);
});
