import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seedScene } from './scene';

/*
 * A Spanish member's hand-over, on a 360 px phone: the lines the site wrote into the thread
 * are in Spanish, dates too, and the header keeps its words whole beside the unread badge, in
 * Spanish and in German (decision 124).
 */

const PHONE = { width: 360, height: 740 };

async function unreadCount(request: APIRequestContext) {
  const res = await request.get('/api/messages/unread-count');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

async function chooseLanguage(request: APIRequestContext, language: string) {
  const saved = await request.patch('/api/users/profile', { data: { language } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Every main-nav item shows its label on one line, and nothing is wider than the phone. */
async function expectWholeNavWords(page: Page) {
  const nav = page.getByRole('navigation', { name: /./ }).first();
  // Evaluated in the page as text: these tests compile without the browser's types.
  await expect(nav).toBeVisible();
  const lines = (await page.evaluate(
    `[...document.querySelector('header nav').querySelectorAll('a')]
      .filter((a) => a.offsetParent !== null)
      .map((a) => {
        const text = [...a.childNodes].find((n) => n.nodeType === 3);
        const range = document.createRange();
        range.selectNodeContents(text);
        return { label: text.textContent, lines: range.getClientRects().length };
      })`,
  )) as { label: string; lines: number }[];
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines) expect(line, `${line.label} on one line`).toMatchObject({ lines: 1 });
  const widths = (await page.evaluate(
    `({ page: document.documentElement.scrollWidth, header: document.querySelector('header').scrollWidth })`,
  )) as { page: number; header: number };
  expect(widths.page).toBeLessThanOrEqual(PHONE.width);
  expect(widths.header).toBeLessThanOrEqual(PHONE.width);
}

/** The unread badge stands clear of the word "Messages", and the header keeps its height. */
async function expectBadgeClearOfWord(page: Page) {
  const boxes = (await page.evaluate(
    `(() => {
      const badge = document.querySelector('[data-testid="unread-badge"]');
      const text = [...badge.parentElement.childNodes].find((n) => n.nodeType === 3);
      const range = document.createRange();
      range.selectNodeContents(text);
      return {
        word: range.getBoundingClientRect().right,
        badge: badge.getBoundingClientRect().left,
        header: document.querySelector('header').getBoundingClientRect().height,
      };
    })()`,
  )) as { word: number; badge: number; header: number };
  expect(boxes.badge, 'the badge starts after the word ends').toBeGreaterThanOrEqual(boxes.word);
  expect(boxes.header).toBe(65);
}

test('a Spanish member reads their hand-over in Spanish on a phone, and the header keeps its words', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // Lucía, who reads Spanish, asks; Marisol reserves a portion for a Saturday and answers.
  const scene = await seedScene(
    browser,
    request,
    {
      members: [
        { key: 'giver', firstName: 'Marisol', lastName: 'Vecina' },
        { key: 'asker', firstName: 'Lucía', lastName: 'Vecina', language: 'es' },
      ],
      listings: [{ key: 'rye', owner: 'giver', fields: { title: 'Masa madre de centeno' } }],
      steps: [
        { do: 'ask', from: 'asker', listing: 'rye', text: '¿Me guardas un poco?' },
        { do: 'reserve', listing: 'rye', for: 'asker', at: '2027-03-20T10:00' },
        { do: 'reply', listing: 'rye', to: 'asker', text: '¡Claro! Te espero el sábado.' },
      ],
    },
    { viewport: PHONE, hasTouch: true },
  );
  const giver = { ...scene.members.giver, request: scene.members.giver.context.request };
  const asker = { ...scene.members.asker, request: scene.members.asker.context.request };
  const starterId = scene.listings.rye!;

  const page = asker.page;
  await page.goto('/browse');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('unread-badge')).toBeVisible();
  await expectWholeNavWords(page);
  await expectBadgeClearOfWord(page);
  await page.screenshot({ path: testInfo.outputPath('header-es-360.png') });

  await page.goto(`/messages?starter=${starterId}&with=${giver.id}`);
  // The site's line in the thread, and the hand-over panel above it, read the same time.
  const line = 'Reservado para ti — sábado, 20 de marzo, 10:00';
  await expect(page.getByRole('listitem').filter({ hasText: line })).toBeVisible();
  await expect(page.getByText(line, { exact: true })).toBeVisible();
  await expect(page.getByText(/Reserved for you|Saturday|March/)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('thread-es-360.png'), fullPage: true });

  // The bell's item is in Spanish too.
  const bell = await (await asker.request.get('/api/notifications')).json();
  expect(bell.notifications[0]).toMatchObject({
    title: 'Marisol te ha reservado Masa madre de centeno',
    body: 'Reservado para ti — sábado, 20 de marzo, 10:00',
  });

  // In German, "Stöbern" beside "Nachrichten" and its badge stays whole as well. The thread is
  // left first, once its messages are marked read: a message arriving on an open thread is
  // shown there and rightly marked read, leaving no badge.
  await expect.poll(async () => unreadCount(asker.request)).toBe(0);
  await page.goto('about:blank');
  await chooseLanguage(asker.request, 'de');
  const another = await giver.request.post('/api/messages', {
    data: { starterId, receiverId: asker.id, content: 'Bis Samstag!' },
  });
  expect(another.status(), await another.text()).toBe(201);
  await page.goto('/browse');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await unreadCount(asker.request)).toBe(1);
  await expect(page.getByTestId('unread-badge')).toHaveText('1');
  await expectWholeNavWords(page);
  await expectBadgeClearOfWord(page);
  await page.screenshot({ path: testInfo.outputPath('header-de-360.png') });
  await scene.close();
});
