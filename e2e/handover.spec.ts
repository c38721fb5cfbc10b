import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { seedScene, type SceneMember } from './scene';

/** With E2E_SHOTS=<dir>, keeps screenshots of the way, at the page's size and at 360 px. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: `${dir}/${name}-360.png`, fullPage: true });
  await page.setViewportSize(size);
}

const FOUND_NEW_HOME = 'This starter has found a new home — thank you for asking';

type Member = SceneMember;

/** Signed-in neighbours, each in a browser context of their own (1280 px unless `viewport`). */
function neighbours<M extends string>(
  browser: Browser,
  request: APIRequestContext,
  names: Record<M, string>,
  more: Omit<Parameters<typeof seedScene>[2], 'members'> = {},
  viewport = { width: 1280, height: 720 },
) {
  const members = (Object.entries(names) as Array<[M, string]>).map(([key, firstName]) => ({
    key,
    firstName,
    lastName: 'Neighbour',
  }));
  return seedScene(browser, request, { ...more, members }, { viewport });
}

async function ask(request: APIRequestContext, starterId: number, ownerId: string, text: string) {
  const res = await request.post('/api/messages', {
    data: { starterId, receiverId: ownerId, content: text },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function summaryOf(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/users/${id}/summary`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Record<string, number | null>;
}

/** A day three days ahead as the date input wants it, and its weekday as the thread says it. */
function dayAhead(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { iso, weekday: d.toLocaleDateString('en-GB', { weekday: 'long' }) };
}

async function openThread(page: Page, starterId: number, withId: string) {
  await page.goto(`/messages?starter=${starterId}&with=${withId}`);
  const bar = page.getByRole('region', { name: 'Hand-over' });
  await expect(bar).toBeVisible();
  return { bar, log: page.getByRole('log', { name: 'Messages' }) };
}

async function reserve(page: Page, starterId: number, member: Member, day: string, time: string) {
  const { bar, log } = await openThread(page, starterId, member.id);
  // A reply first: feedback counts only between members who wrote to each other.
  await page.getByPlaceholder('Type your message...').fill('Yes! Shall I keep a portion for you?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(log.getByText('Yes! Shall I keep a portion for you?')).toBeVisible();
  const trigger = bar.getByRole('button', { name: 'Reserve a portion' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: `Reserve a portion for ${member.name}` });
  await dialog.getByLabel('Day (optional)').fill(day);
  await dialog.getByLabel('Time (optional)').fill(time);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Reserve' }).click();
  await expect(dialog).toBeHidden();
  await expect(bar.getByText(new RegExp(`^Reserved for ${member.name}`))).toBeVisible();
  await expect(log.getByText(`You reserved a portion for ${member.name}`)).toBeVisible();
}

test('three neighbours: reserve, back out, give, confirm, 👍, and a new home', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const scene = await neighbours(browser, request, {
    olive: 'Olive',
    arlo: 'Arlo',
    bea: 'Bea',
    cal: 'Cal',
  });
  const { olive, arlo, bea, cal } = scene.members;
  try {
    // The owner posts kefir grains: 2 portions, pickup or post, bring a jar.
    const title = `Milk kefir grains ${Date.now()}`;
    const post = olive.page;
    await post.goto('/post');
    await post.getByLabel('Title').fill(title);
    await post.getByLabel('Category').selectOption('dairy');
    await post.getByLabel('Starter Type', { exact: true }).selectOption('kefir');
    await post.getByLabel('Description').fill('Plump, lively grains; they double every week.');
    await post.getByLabel('Location').fill('Leeds, UK');
    await post.getByText('More Details (optional)').click();
    await post.getByLabel('Portions available').fill('2');
    await post.getByRole('checkbox', { name: /Post/ }).check();
    await post
      .getByRole('radio', { name: 'The recipient sends a stamped addressed envelope' })
      .click();
    await post.getByLabel('What to bring (optional)').fill('a clean jar');
    await expect(post.getByText(/Money never changes hands/)).toBeVisible();
    await expectNoAxeViolations(post);
    await shot(post, 'post');
    await post.getByRole('button', { name: 'Post Starter' }).click();
    await expect(post).toHaveURL(/\/starter\/\d+$/);
    await post.goto('/browse');
    const card = post.locator('article', { hasText: title });
    await expect(card).toContainText('2 portions left');
    await expect(card).toContainText('Pickup or post');
    const mine = (await (await olive.context.request.get('/api/starters/my')).json()) as {
      id: number;
      title: string;
    }[];
    const starterId = mine.find((s) => s.title === title)!.id;

    // The detail page shows the terms and the owner's summary before any hand-over.
    const before = await summaryOf(arlo.context.request, olive.id);
    await arlo.page.goto(`/starter/${starterId}`);
    await expect(arlo.page.getByText('Please bring:')).toBeVisible();
    await expect(arlo.page.getByText('Send a stamped addressed envelope')).toBeVisible();
    const sharedBy = arlo.page.getByRole('group', { name: 'Reliability' });
    await expect(sharedBy).toContainText(`${before.given} starters given`);
    await expectNoAxeViolations(arlo.page);
    await shot(arlo.page, 'detail');

    // Arlo asks through the dialog (the summary is in it); Bea and Cal ask too.
    await arlo.page.getByRole('button', { name: 'Message Owner' }).click();
    const dialog = arlo.page.getByRole('dialog');
    await expect(dialog.getByRole('group', { name: 'Reliability' })).toBeVisible();
    await dialog.getByLabel('Message').fill('Hello! I would love some grains.');
    await expectNoAxeViolations(arlo.page);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialog).toBeHidden();
    await ask(bea.context.request, starterId, olive.id, 'Could I have a portion by post?');
    await ask(cal.context.request, starterId, olive.id, 'I would love some too, if any are left.');

    // The owner reserves one portion for Arlo and one for Bea, with times.
    const sat = dayAhead(3);
    await reserve(olive.page, starterId, arlo, sat.iso, '10:00');
    await expectNoAxeViolations(olive.page);
    await reserve(olive.page, starterId, bea, sat.iso, '11:30');

    // Others see both reserved, and may still ask.
    await cal.page.goto(`/starter/${starterId}`);
    await expect(cal.page.getByText('2 portions reserved')).toBeVisible();

    // Bea sees her reservation as a system line, then backs out.
    const beaThread = await openThread(bea.page, starterId, olive.id);
    await expect(beaThread.bar).toContainText(`Reserved for you — ${sat.weekday} 11:30 AM`);
    await expect(
      beaThread.log.getByText(`Reserved for you — ${sat.weekday} 11:30 AM`),
    ).toBeVisible();
    await expectNoAxeViolations(bea.page);
    await shot(bea.page, 'thread-member');
    await beaThread.bar.getByRole('button', { name: 'Back out' }).click();
    const backOut = bea.page.getByRole('alertdialog');
    await expectNoAxeViolations(bea.page);
    await backOut.getByRole('button', { name: 'Back out' }).click();
    await expect(beaThread.bar.getByRole('button', { name: 'Back out' })).toBeHidden();

    // The owner gives Arlo his portion.
    const oliveArlo = await openThread(olive.page, starterId, arlo.id);
    await oliveArlo.bar.getByRole('button', { name: 'Mark given' }).click();
    await olive.page.getByRole('alertdialog').getByRole('button', { name: 'Mark given' }).click();
    await expect(oliveArlo.bar).toContainText('waiting for them to confirm');
    await shot(olive.page, 'thread-owner');

    // Arlo confirms and leaves 👍; focus returns to where he was.
    const arloThread = await openThread(arlo.page, starterId, olive.id);
    await arloThread.bar.getByRole('button', { name: 'Received' }).click();
    const howItWent = arloThread.bar.getByRole('button', { name: 'How did it go?' });
    await howItWent.click();
    const feedback = arlo.page.getByRole('dialog', { name: 'How did it go?' });
    await feedback.getByRole('radio', { name: '👍 It went well' }).click();
    await feedback.getByLabel('A short note (optional)').fill('Lovely grains, thank you!');
    await expectNoAxeViolations(arlo.page);
    await shot(arlo.page, 'feedback');
    await feedback.getByRole('button', { name: 'Send feedback' }).click();
    await expect(feedback).toBeHidden();
    await expect(arloThread.bar.getByText('You received it')).toBeVisible();

    // The last portion goes to someone not on CultureShare, from the owner's menu.
    await olive.page.goto(`/starter/${starterId}`);
    await olive.page.getByRole('button', { name: `Actions for ${title}` }).click();
    await olive.page
      .getByRole('menuitem', { name: 'Given to someone not on CultureShare' })
      .click();
    const elsewhere = olive.page.getByRole('alertdialog');
    await expectNoAxeViolations(olive.page);
    await elsewhere.getByRole('button', { name: 'Mark given' }).click();
    await expect(olive.page.getByText('✅ Claimed')).toBeVisible();

    // Cal, who only asked, is told kindly; the Message button is gone for claimed starters.
    const calThread = await openThread(cal.page, starterId, olive.id);
    await expect(calThread.log.getByText(FOUND_NEW_HOME)).toBeVisible();
    await expectNoAxeViolations(cal.page);
    await cal.page.goto(`/starter/${starterId}`);
    await expect(cal.page.getByText('✅ Claimed')).toBeVisible();
    await expect(cal.page.getByRole('button', { name: 'Message Owner' })).toHaveCount(0);

    // The summaries changed.
    const after = await summaryOf(cal.context.request, olive.id);
    expect(after.given).toBe((before.given ?? 0) + 1);
    expect(after.thumbsUp).toBe((before.thumbsUp ?? 0) + 1);
    expect((await summaryOf(cal.context.request, arlo.id)).received).toBe(1);
    await expect(cal.page.getByRole('group', { name: 'Reliability' })).toContainText(
      `${after.given} starter${after.given === 1 ? '' : 's'} given`,
    );
    await expectNoAxeViolations(cal.page);

    // Profiles: the owner's listing is given out; Arlo's hand-overs list what he received.
    await olive.page.goto('/profile');
    await expect(olive.page.locator('li', { hasText: title }).getByText('given out')).toBeVisible();
    await expectNoAxeViolations(olive.page);
    await shot(olive.page, 'profile');
    await arlo.page.goto('/profile');
    await arlo.page.getByRole('tab', { name: 'My Hand-overs' }).click();
    await expect(arlo.page.getByRole('region', { name: 'Received' })).toContainText(title);
    await expectNoAxeViolations(arlo.page);
    await shot(arlo.page, 'my-handovers');
  } finally {
    await scene.close();
  }
});

test('feedback at 360 px reaches its reader: a line in the thread and the bell', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Kefir grains ${Date.now().toString(36)}`;
  // Arlo asked, Olive answered, gave him a portion, and he has said he received it.
  const scene = await neighbours(
    browser,
    request,
    { olive: 'Olive', arlo: 'Arlo' },
    {
      listings: [{ key: 'kefir', owner: 'olive', fields: { title } }],
      steps: [
        { do: 'ask', from: 'arlo', listing: 'kefir', text: 'May I have some?' },
        { do: 'reply', listing: 'kefir', to: 'arlo', text: 'Of course, Saturday?' },
        { do: 'give', listing: 'kefir', to: 'arlo' },
        { do: 'confirm', listing: 'kefir', by: 'arlo' },
      ],
    },
    { width: 360, height: 780 },
  );
  const { olive, arlo } = scene.members;
  const starterId = scene.listings.kefir!;

  const arloThread = await openThread(arlo.page, starterId, olive.id);
  await arloThread.bar.getByRole('button', { name: 'How did it go?' }).click();
  const feedback = arlo.page.getByRole('dialog', { name: 'How did it go?' });
  await feedback.getByRole('radio', { name: '👍 It went well' }).click();
  await feedback.getByLabel('A short note (optional)').fill('Lively grains, thank you!');
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(
    arlo.page.getByText(`Thank you! ${olive.name} can read your feedback in your conversation.`, {
      exact: true,
    }),
  ).toBeVisible();
  await expect(feedback).toBeHidden();
  const said = `👍 You told ${olive.name} the hand-over went well: “Lively grains, thank you!”`;
  await expect(arloThread.log.getByText(said)).toBeVisible();

  // Olive's bell rings with it, and it leads to the line in their conversation.
  await olive.page.goto('/');
  await expect(olive.page.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible({
    timeout: 30_000,
  });
  await olive.page.getByRole('link', { name: /^Notifications/ }).click();
  const item = olive.page.getByText(`${arlo.name} left feedback on ${title}`);
  await expect(item).toBeVisible();
  await expectNoAxeViolations(olive.page);
  await item.click();
  await expect(olive.page).toHaveURL(new RegExp(`/messages\\?starter=${starterId}&with=`));
  const line = `👍 ${arlo.name} says the hand-over went well: “Lively grains, thank you!”`;
  await expect(olive.page.getByRole('log', { name: 'Messages' }).getByText(line)).toBeVisible();
  await expectNoAxeViolations(olive.page);

  await scene.close();
});
