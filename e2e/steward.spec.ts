import type { Page } from '@playwright/test';
import {
  E2E_MODERATOR_EMAIL,
  expect as baseExpect,
  expectNoAxeViolationsInEveryState,
  PHONE,
  test,
} from './fixtures';
import { seedScene, type SceneMember } from './scene';

// Several servers share two cores while these run: a page may take a while to answer.
const expect = baseExpect.configure({ timeout: 60_000 });

/** Words screening holds a new member's listing for (it asks for money). */
const ASKS_MONEY = 'Yours for $50 by PayPal, my courier will collect it.';
const LEEDS_AREA = 'Leeds, England, United Kingdom';

/** The member acts by the request their page would make; throws with the answer otherwise. */
async function as(member: SceneMember, method: 'post' | 'patch', url: string, data: object) {
  const res = await member.context.request[method](url, { data });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return res.json().catch(() => null) as Promise<Record<string, unknown> | null>;
}

/** A moderator removes the listing under Rule 2 on a report, and its owner appeals. */
async function removedAndAppealed(
  members: Record<string, SceneMember>,
  owner: SceneMember,
  starterId: number,
) {
  const report = await as(members.reporter!, 'post', '/api/reports', {
    starterId,
    reason: 'spam',
  });
  await as(members.moderator!, 'post', `/api/reports/${String(report!.id)}/remove-starter`, {
    reason: 'free',
  });
  await as(owner, 'post', `/api/starters/${starterId}/appeal`, {
    text: 'The five euros was the jar deposit; I took it out.',
  });
}

/** Moves between the dashboard's tabs as a keyboard does: arrows along the tab list. */
async function arrowToTab(page: Page, from: RegExp, to: RegExp) {
  await page.getByRole('tab', { name: from }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: to })).toHaveAttribute('aria-selected', 'true');
}

test('at 360 px: a steward for Leeds settles a held listing and an appeal there, and sees none from London', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const tag = Date.now().toString(36);
  const title = (what: string) => `${what} ${tag}`;
  const scene = await seedScene(
    browser,
    request,
    {
      members: [
        { key: 'leedsOwner' },
        { key: 'londonOwner' },
        { key: 'reporter' },
        { key: 'steward' },
        { key: 'moderator', email: E2E_MODERATOR_EMAIL },
      ],
      listings: [
        {
          key: 'heldLeeds',
          owner: 'leedsOwner',
          fields: { title: title('Leeds kefir'), description: ASKS_MONEY, location: 'Leeds, UK' },
        },
        {
          key: 'heldLondon',
          owner: 'londonOwner',
          fields: {
            title: title('London kefir'),
            description: ASKS_MONEY,
            location: 'London, United Kingdom',
          },
        },
        {
          key: 'appealLeeds',
          owner: 'leedsOwner',
          fields: { title: title('Leeds sourdough'), location: 'Leeds, UK' },
        },
        {
          key: 'appealLondon',
          owner: 'londonOwner',
          fields: { title: title('London sourdough'), location: 'London, United Kingdom' },
        },
      ],
    },
    { viewport: PHONE },
  );
  const members = scene.members as Record<string, SceneMember>;
  await as(members.moderator!, 'post', '/api/moderation/stewards', {
    memberId: members.steward!.id,
    place: LEEDS_AREA,
    radiusKm: 25,
  });
  await removedAndAppealed(members, members.leedsOwner!, scene.listings.appealLeeds!);
  await removedAndAppealed(members, members.londonOwner!, scene.listings.appealLondon!);

  // --- Held: the Leeds listing waits, counted on the tab; London's is not there
  const page = members.steward!.page;
  await page.goto('/moderation?tab=held');
  await expect(page.getByText(`You are a steward of ${LEEDS_AREA}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Held \(\d+ waiting\)$/ })).toBeVisible();
  const held = page.getByRole('listitem').filter({ hasText: title('Leeds kefir') });
  await expect(held).toBeVisible();
  await expect(page.getByText(title('London kefir'))).toHaveCount(0);
  await expectNoAxeViolationsInEveryState(page);
  const release = held.getByRole('button', { name: 'Release Listing' });
  await release.focus();
  await page.keyboard.press('Enter');
  await expect(held).toHaveCount(0);

  // --- Appeals: the Leeds appeal is there, London's is not; restoring it settles it
  await arrowToTab(page, /^Held/, /^Appeals/);
  const appeals = page.getByRole('list', { name: 'Open Appeals' });
  const appeal = appeals.getByRole('listitem').filter({ hasText: title('Leeds sourdough') });
  await expect(appeal).toContainText('The five euros was the jar deposit; I took it out.');
  await expect(page.getByText(title('London sourdough'))).toHaveCount(0);
  await expectNoAxeViolationsInEveryState(page);
  const restore = appeal.getByRole('button', { name: 'Restore Starter' });
  await restore.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('The starter is listed again and its owner has been told.', { exact: true }),
  ).toBeVisible();
  await expect(appeal).toHaveCount(0);

  // The moderator still finds London's appeal waiting.
  const mod = members.moderator!.page;
  await mod.goto('/moderation?tab=appeals');
  await expect(
    mod
      .getByRole('list', { name: 'Open Appeals' })
      .getByRole('listitem')
      .filter({ hasText: title('London sourdough') }),
  ).toBeVisible();
  await scene.close();
});
