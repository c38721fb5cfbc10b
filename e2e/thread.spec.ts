import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, keepScreenshot, PHONE, test } from './fixtures';
import { seedScene } from './scene';

// The specs compile without the DOM's types: the little of it used here, by hand.
interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}
interface Node {
  id: string;
  outerHTML: string;
  contains(other: Node | null): boolean;
  getBoundingClientRect(): Rect;
}
interface Browser$ {
  document: {
    elementFromPoint(x: number, y: number): Node | null;
    querySelector(selector: string): Node | null;
    body: { scrollHeight: number };
  };
  scrollTo(x: number, y: number): void;
  getComputedStyle(el: Node, pseudo?: string): { color: string; fontStyle: string };
}

/** Olive with a kefir listing `title` and Fern, who has asked her for some: both on a phone. */
function asked(browser: Browser, request: APIRequestContext, title: string, question: string) {
  return seedScene(
    browser,
    request,
    {
      members: [
        { key: 'olive', firstName: 'Olive', lastName: 'Neighbour' },
        { key: 'fern', firstName: 'Fern', lastName: 'Neighbour' },
      ],
      listings: [{ key: 'kefir', owner: 'olive', fields: { title } }],
      steps: [{ do: 'ask', from: 'fern', listing: 'kefir', text: question }],
    },
    { viewport: PHONE, hasTouch: true },
  );
}

/**
 * Whatever the finger would land on at the control's centre is the control itself (or inside
 * it), not something floating over it; then taps it there, as a finger does.
 */
async function tapCentre(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  await expectHitsItself(control);
  // Taps the centre once the control has stopped moving and would receive the tap: a tap at a
  // position measured earlier could land beside it if a late part of the page pushed it down.
  await control.tap();
}

async function expectHitsItself(control: Locator) {
  const hit = await control.evaluate((node) => {
    const { document } = globalThis as unknown as Browser$;
    const el = node as unknown as Node;
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
    return !!top && (el === top || el.contains(top) || !!label?.contains(top));
  });
  expect(
    hit,
    `nothing covers ${await control.evaluate((el) => (el as unknown as Node).outerHTML.slice(0, 120))}`,
  ).toBe(true);
}

/** Every visible control inside `scope`, each scrolled to and checked at its centre. */
async function expectEveryControlReachable(scope: Locator) {
  // Radix keeps hidden native inputs beside its radios and checkboxes: not for fingers.
  const controls = scope.locator(
    ':is(button, input:not([type=hidden]), textarea, select, a[href]):not([aria-hidden=true])',
  );
  const n = await controls.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const control = controls.nth(i);
    // A disabled button lets taps through by design (pointer-events: none).
    if (!(await control.isVisible()) || (await control.isDisabled())) continue;
    const box = await control.boundingBox();
    // Visually hidden inputs (radio cards, checkboxes) are reached through their labels.
    if (!box || box.width < 4 || box.height < 4) continue;
    await control.scrollIntoViewIfNeeded();
    await expectHitsItself(control);
  }
}

function dayAhead(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { iso, weekday: d.toLocaleDateString('en-GB', { weekday: 'long' }) };
}

const shareButton = (page: Page) => page.getByRole('link', { name: 'Share Starter' });

test('at 360 px the floating Share Starter button never covers a control', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Water kefir ${Date.now()}`;
  const scene = await asked(browser, request, title, 'Hello! May I have some?');
  const { olive, fern } = scene.members;
  try {
    const starterId = scene.listings.kefir!;

    // /messages: tapping Send sends, and stays on the thread.
    const page = olive.page;
    await page.goto(`/messages?starter=${starterId}&with=${fern.id}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText('Hello! May I have some?')).toBeVisible();
    await expect(shareButton(page)).toHaveCount(0);
    await page.getByPlaceholder('Type your message...').fill('Yes, come by on Friday');
    await tapCentre(page.getByRole('button', { name: 'Send message' }));
    await expect(log.getByText('Yes, come by on Friday')).toBeVisible();
    await expect(page).toHaveURL(/\/messages\?/);
    await expectEveryControlReachable(page.getByRole('region', { name: 'Conversation' }));
    const options = page.getByRole('button', { name: 'Conversation options' });
    await tapCentre(options);
    await expect(options).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page);

    // /post: every field and button is where a finger can reach it.
    await page.goto('/post');
    await expect(page.getByRole('heading', { name: 'Share a Starter' })).toBeVisible();
    await expect(shareButton(page).filter({ visible: true })).toHaveCount(0);
    await expectEveryControlReachable(page.locator('main form'));

    // The starter page keeps its own main button at the bottom of a phone's screen, so it has
    // no floating button; its dialog's controls are all in reach.
    await fern.page.goto('/browse');
    await expect(shareButton(fern.page).filter({ visible: true })).toHaveCount(1);
    await fern.page.goto(`/starter/${starterId}`);
    await expect(fern.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(shareButton(fern.page).filter({ visible: true })).toHaveCount(0);
    await fern.page.getByRole('button', { name: 'Message Owner' }).first().click();
    const dialog = fern.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(shareButton(fern.page).filter({ visible: true })).toHaveCount(0);
    await expectEveryControlReachable(dialog);
    await tapCentre(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(dialog).toBeHidden();
    await expect(shareButton(fern.page).filter({ visible: true })).toHaveCount(0);

    // Elsewhere the page's end can scroll clear of it.
    await fern.page.evaluate(() => {
      const w = globalThis as unknown as Browser$;
      w.scrollTo(0, w.document.body.scrollHeight);
    });
    await expectEveryControlReachable(fern.page.locator('footer'));
  } finally {
    await scene.close();
  }
});

test('a giver and a recipient each read the thread in their own words, on a phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const title = `Milk kefir grains ${Date.now()}`;
  const scene = await asked(browser, request, title, 'Could I pick some up this week?');
  const { olive, fern } = scene.members;
  try {
    const starterId = scene.listings.kefir!;

    const page = olive.page;
    await page.goto(`/messages?starter=${starterId}&with=${fern.id}`);
    const bar = page.getByRole('region', { name: 'Hand-over' });
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(bar).toBeVisible();

    // The placeholder reads as a hint, not as a message already written.
    const input = page.getByPlaceholder('Type your message...');
    const look = await input.evaluate((node) => {
      const { getComputedStyle } = globalThis as unknown as Browser$;
      const el = node as unknown as Node;
      const hint = getComputedStyle(el, '::placeholder');
      return { hint: hint.color, style: hint.fontStyle, text: getComputedStyle(el).color };
    });
    expect(look.style).toBe('italic');
    expect(look.hint).not.toBe(look.text);

    // Reserve for Friday-ish 18:30, then give.
    const day = dayAhead(2);
    await tapCentre(bar.getByRole('button', { name: 'Reserve a portion' }));
    const reserve = page.getByRole('dialog', { name: `Reserve a portion for ${fern.name}` });
    await reserve.getByLabel('Day (optional)').fill(day.iso);
    await reserve.getByLabel('Time (optional)').fill('18:30');
    await reserve.getByRole('button', { name: 'Reserve' }).click();
    await expect(reserve).toBeHidden();
    await expect(
      log.getByText(`You reserved a portion for ${fern.name} · ${day.weekday} 6:30 PM`),
    ).toBeVisible();
    await tapCentre(bar.getByRole('button', { name: 'Mark given' }));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Mark given' }).click();
    await expect(
      log.getByText(`You gave a portion to ${fern.name} — waiting for them to confirm`),
    ).toBeVisible();
    await expect(log).not.toContainText('for you');
    await expect(log).not.toContainText('to you');

    // The conversation keeps at least half of a 780 px phone screen.
    const logBox = (await log.boundingBox())!;
    expect(logBox.height).toBeGreaterThanOrEqual(PHONE.height / 2);
    await expect(page.getByRole('button', { name: /^Block / })).toHaveCount(0);
    await keepScreenshot(page, 'thread-giver-360');
    await expectNoAxeViolations(page);

    // The owner's inbox leads with the person and where things stand.
    await page.goto('/messages');
    const row = page.getByRole('list', { name: 'Conversations' }).getByRole('link').first();
    await expect(row).toContainText(`${fern.name}Given`);
    await expect(row).toContainText(title);
    await keepScreenshot(page, 'thread-inbox-360');

    // The recipient reads the same events for her.
    const fp = fern.page;
    await fp.goto(`/messages?starter=${starterId}&with=${olive.id}`);
    const fernLog = fp.getByRole('log', { name: 'Messages' });
    await expect(fernLog.getByText(`Reserved for you — ${day.weekday} 6:30 PM`)).toBeVisible();
    await expect(fernLog.getByText('Given to you — tap Received once you have it')).toBeVisible();
    // The thread asks "Received?" in its own bar, and nothing else crowds this page.
    await expect(fp.getByRole('region', { name: 'To do' })).toHaveCount(0);
    expect((await fernLog.boundingBox())!.height).toBeGreaterThanOrEqual(PHONE.height / 2);
    await keepScreenshot(fp, 'thread-recipient-360');

    // She answers "Did it reach you?" right in the notification centre.
    await fp.goto('/notifications');
    const banner = fp.getByRole('region', { name: 'To do' });
    await expect(banner).toContainText(`Did “${title}” reach you?`);
    await expectNoAxeViolations(fp);
    await keepScreenshot(fp, 'thread-banner-360');
    await tapCentre(banner.getByRole('button', { name: 'Received' }));
    await expect(banner).toBeHidden();
    // The bell item that asked stops asking once she has answered.
    await expect(fp.getByText(`You received ${title} from ${olive.name}`)).toBeVisible();
    await expect(fp.getByText('Tap Received once you have it.')).toHaveCount(0);
    await fp.goto(`/messages?starter=${starterId}&with=${olive.id}`);
    await expect(fernLog.getByText('You confirmed you received it')).toBeVisible();
    await page.goto(`/messages?starter=${starterId}&with=${fern.id}`);
    await expect(log.getByText(`${fern.name} received it — thank you!`)).toBeVisible();

    // At 1280 px the same thread sits beside the list, Block still folded away.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(log).toBeVisible();
    await page.getByRole('button', { name: 'Conversation options' }).click();
    await expect(page.getByRole('button', { name: `Block ${fern.name}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'thread-giver-1280');
  } finally {
    await scene.close();
  }
});
