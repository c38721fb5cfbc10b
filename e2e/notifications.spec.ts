import type { APIRequestContext, Page } from '@playwright/test';
import {
  atDesktopWidth,
  expect,
  expectAcrossWindow,
  expectNoAxeViolations,
  keepScreenshot,
  PHONE,
  test,
  waitForMail,
} from './fixtures';
import { seedScene } from './scene';

/** Standing offers people can follow, and mail settings chosen per kind. */

/** The Notifications tab's lines, in the order they are shown (their titles in the account catalogue). */
const KINDS = [
  { key: 'messages', title: 'Messages' },
  { key: 'reservations', title: 'Reservations & hand-overs' },
  { key: 'checkins', title: 'Check-ins' },
  { key: 'offers', title: 'Standing offers' },
  { key: 'reminders', title: 'Your listings and reports' },
  { key: 'asks', title: 'Could you help?' },
] as const;

const ALL_IMMEDIATELY = {
  messages: 'immediately',
  reservations: 'immediately',
  checkins: 'immediately',
  offers: 'immediately',
  reminders: 'immediately',
  asks: 'immediately',
};

async function mailSettings(request: APIRequestContext) {
  const res = await request.get('/api/users/mail-settings');
  expect(res.ok()).toBe(true);
  return res.json();
}

/** Opens /profile's Notifications tab (it is not in the URL: a reload starts on My Starters). */
async function openNotifications(page: Page) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Notifications' });
  await expect(panel.getByRole('heading', { name: 'Email Notifications' })).toBeVisible();
  return panel;
}

const kindLine = (panel: ReturnType<Page['getByRole']>, title: string) =>
  panel.getByRole('radiogroup', {
    name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\&]/g, '\\$&')}`),
  });

const shot = (page: Page, name: string) =>
  keepScreenshot(page, `notify-${name}`, { fullPage: true });

// Each journey runs at 360 px; the 1280 px layout is measured in the same pages (decision 155).
test.describe('at 360 px', () => {
  test.use({ viewport: PHONE });

  test('a waiting member sees the next round, is told it is their turn anywhere, and what comes after Accept', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const title = `Water kefir grains ${Date.now()}`;
    const scene = await seedScene(
      browser,
      request,
      {
        members: [
          { key: 'giver', firstName: 'Gia', lastName: 'Neighbour' },
          { key: 'member', firstName: 'Milo', lastName: 'Neighbour' },
        ],
        listings: [
          {
            key: 'kefir',
            owner: 'giver',
            fields: {
              title,
              description: 'Sugary kefir grains that grow every week; plenty to share.',
              starterType: 'Water kefir grains',
              location: 'Leeds, UK',
              portions: '1',
            },
          },
        ],
      },
      { viewport: PHONE },
    );
    const { giver, member } = scene.members;
    try {
      const starterId = scene.listings.kefir!;

      // The giver has a standing offer on it, a round every 7 days (set up through the API:
      // the setting-up form is standing-offers.spec.ts's journey).
      const set = await giver.context.request.post(`/api/starters/${starterId}/standing-offer`, {
        data: {
          batchSize: 1,
          cadenceDays: 7,
          answerHours: 48,
          limitWeeks: 4,
          mode: 'longest_waiting',
        },
      });
      expect(set.status(), await set.text()).toBe(200);
      const g = giver.page;
      const giverSection = g.getByRole('region', { name: 'Standing offer' });

      // A member joins the line and sees when the next round is: 7 days on the server's clock.
      const m = member.page;
      await m.goto(`/starter/${starterId}`);
      const memberSection = m.getByRole('region', { name: 'Standing offer' });
      await memberSection.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(memberSection.getByText("You're 1st in line")).toBeVisible();
      const view = (await (
        await member.context.request.get(`/api/starters/${starterId}/standing-offer`)
      ).json()) as { offer: { nextRoundAt: string } };
      const serverNow = new Date(
        ((await (await member.context.request.get('/api/test/clock')).json()) as { now: string })
          .now,
      );
      const untilNext = new Date(view.offer.nextRoundAt).getTime() - serverNow.getTime();
      expect(Math.abs(untilNext - 7 * 86_400_000)).toBeLessThan(10 * 60_000);
      const nextRound = await m.evaluate(
        (iso) =>
          new Date(iso).toLocaleString(undefined, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
            hour: '2-digit',
            minute: '2-digit',
          }),
        view.offer.nextRoundAt,
      );
      await expect(memberSection.getByText('Next round:')).toBeVisible();
      await expect(memberSection).toContainText(`Next round: ${nextRound}`);
      await expectNoAxeViolations(m);
      await atDesktopWidth(m, () => expectAcrossWindow(memberSection.getByText('Next round:')));
      await shot(m, 'next-round');

      // Nothing to answer yet: no banner anywhere.
      await m.goto('/browse');
      await expect(m.getByRole('heading', { level: 1 })).toBeVisible();
      const banner = m.getByRole('complementary', { name: "It's your turn" });
      await expect(banner).toHaveCount(0);

      // The giver offers a round now; the turn reaches the member on another page.
      await g.goto(`/starter/${starterId}`);
      await expect(giverSection.getByText('1 member waiting')).toBeVisible();
      await giverSection.getByRole('button', { name: 'Offer a round now' }).click();
      await expect(giverSection.getByText('waiting for an answer')).toBeVisible();

      await m.reload();
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(`It's your turn: a portion of “${title}” is yours`);
      await expectNoAxeViolations(m);
      await atDesktopWidth(m, async () => {
        await expectAcrossWindow(banner);
        await expectAcrossWindow(banner.getByRole('link', { name: 'Answer the Offer' }));
      });
      await shot(m, 'your-turn-banner');
      // And by mail, as chosen (standing-offer mail is on by default).
      const mail = await waitForMail(member.email, /^Your turn: a portion of/);
      expect(mail.text).toContain(`/starter/${starterId}`);

      await banner.getByRole('link', { name: 'Answer the Offer' }).click();
      await expect(m).toHaveURL(new RegExp(`/starter/${starterId}$`));
      const offer = memberSection.getByRole('region', { name: 'Your offer' });
      await expect(offer).toContainText('It’s your turn');
      await expectNoAxeViolations(m);
      await offer.getByRole('button', { name: 'Accept' }).click();
      await expect(offer).toBeHidden();

      // The card says what happens next, and the banner has gone.
      const reserved = memberSection.getByRole('region', { name: 'Reserved for you' });
      await expect(reserved).toContainText('A portion is reserved for you.');
      await expect(reserved).toContainText(
        'What happens next: arrange the pickup with the giver in Messages.',
      );
      await expect(reserved.getByRole('link', { name: 'Open the Conversation' })).toHaveAttribute(
        'href',
        `/messages?starter=${starterId}&with=${giver.id}`,
      );
      await expect(banner).toHaveCount(0);
      await expectNoAxeViolations(m);
      await atDesktopWidth(m, () => expectAcrossWindow(reserved));
      await shot(m, 'accepted');

      await m.goto('/browse');
      await expect(m.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toHaveCount(0);
      const turns = await member.context.request.get('/api/standing-offers/my-turns');
      expect(await turns.json()).toEqual([]);
    } finally {
      await scene.close();
    }
  });

  test('the Notifications tab has a line per kind; a change saves and survives a reload', async ({
    page,
    browser,
    request,
  }) => {
    await seedScene(browser, request, { members: [{ key: 'me' }] }, {}, { me: page });
    let panel = await openNotifications(page);
    await expect(panel.getByRole('radiogroup')).toHaveCount(KINDS.length);
    for (const kind of KINDS) {
      const line = kindLine(panel, kind.title);
      await expect(line).toBeVisible();
      await expect(line.getByRole('radio', { name: 'Immediately' })).toBeChecked();
      await expect(line.getByRole('radio', { name: 'Off' })).not.toBeChecked();
      // Only messages can wait for a daily digest.
      await expect(line.getByRole('radio', { name: 'Daily digest' })).toHaveCount(
        kind.key === 'messages' ? 1 : 0,
      );
    }
    // Every choice reads whole: no "Immediatel / y" split across two lines, on a phone or
    // at 1280 px.
    const expectWholeChoices = async () => {
      const split = await panel.getByRole('radio').evaluateAll((radios) =>
        radios
          .map((radio) => {
            const label = radio.ownerDocument.getElementById(
              radio.getAttribute('aria-labelledby') ?? '',
            );
            const range = radio.ownerDocument.createRange();
            range.selectNodeContents(label!);
            return { text: label!.textContent, lines: range.getClientRects().length };
          })
          .filter((option) => option.lines !== 1),
      );
      expect(split, 'choices broken over lines').toEqual([]);
    };
    await expectWholeChoices();
    await atDesktopWidth(page, async () => {
      await expectWholeChoices();
      for (const kind of KINDS) await expectAcrossWindow(kindLine(panel, kind.title));
    });
    await expectNoAxeViolations(page);
    await shot(page, 'notifications-tab');

    await kindLine(panel, 'Check-ins').getByRole('radio', { name: 'Off' }).click();
    await expect(page.getByText('Success!').first()).toBeVisible();
    await expect(page.getByText('Check-ins: off.').first()).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await mailSettings(page.request)).toEqual({ ...ALL_IMMEDIATELY, checkins: 'off' });

    await page.reload();
    panel = await openNotifications(page);
    await expect(kindLine(panel, 'Check-ins').getByRole('radio', { name: 'Off' })).toBeChecked();
    for (const kind of KINDS.filter((k) => k.key !== 'checkins')) {
      await expect(
        kindLine(panel, kind.title).getByRole('radio', { name: 'Immediately' }),
      ).toBeChecked();
    }
  });

  test('a mailed stop link asks first, stops its own kind, offers the digest, and undoes', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    // Maya is away from the site: Omar's message reaches her by mail.
    const scene = await seedScene(
      browser,
      request,
      {
        members: [
          { key: 'owner', firstName: 'Maya', lastName: 'Neighbour' },
          { key: 'asker', firstName: 'Omar', lastName: 'Neighbour' },
        ],
        listings: [
          {
            key: 'kefir',
            owner: 'owner',
            fields: { description: 'Healthy grains fed daily with whole milk, ready to share.' },
          },
        ],
        steps: [{ do: 'ask', from: 'asker', listing: 'kefir', text: 'Hi! Still available?' }],
      },
      { viewport: PHONE },
    );
    const { owner } = scene.members;
    try {
      const mail = await waitForMail(owner.email, /new messages? from Omar/);
      const link = mail.text?.match(/Stop these emails: (\S+)/)?.[1];
      expect(link, 'the stop link in the mail').toBeTruthy();
      const stopPath = link!.replace(/^https?:\/\/[^/]+/, '');
      expect(stopPath).toMatch(/^\/mail\/stop\/[^/]+\/messages$/);

      // Opening the link changes nothing: it asks.
      const p = owner.page;
      await p.goto(stopPath);
      await expect(p.getByRole('heading', { name: 'Stop Messages Emails?' })).toBeVisible();
      await expect(p.getByRole('link', { name: 'CultureShare home' })).toBeVisible();
      await expectNoAxeViolations(p);
      await atDesktopWidth(p, () =>
        expectAcrossWindow(p.getByRole('button', { name: 'Stop Messages Emails' })),
      );
      await shot(p, 'stop-ask');
      expect(await mailSettings(owner.context.request)).toEqual(ALL_IMMEDIATELY);
      let panel = await openNotifications(p);
      await expect(
        kindLine(panel, 'Messages').getByRole('radio', { name: 'Immediately' }),
      ).toBeChecked();

      // The button stops messages, and only messages.
      await p.goto(stopPath);
      await p.getByRole('button', { name: 'Stop Messages Emails' }).click();
      await expect(p.getByRole('heading', { name: 'Stopped: Messages Emails' })).toBeVisible();
      await expect(p.getByText('Your other emails stay as they are.')).toBeVisible();
      await expectNoAxeViolations(p);
      await shot(p, 'stop-done');
      expect(await mailSettings(owner.context.request)).toEqual({
        ...ALL_IMMEDIATELY,
        messages: 'off',
      });

      // A daily digest instead.
      await p.getByRole('button', { name: 'Get a Daily Digest Instead' }).click();
      await expect(p.getByRole('heading', { name: 'Success! One Daily Digest' })).toBeVisible();
      await expect(p.getByRole('button', { name: 'Get a Daily Digest Instead' })).toHaveCount(0);
      await expectNoAxeViolations(p);
      await shot(p, 'stop-digest');
      expect(await mailSettings(owner.context.request)).toEqual({
        ...ALL_IMMEDIATELY,
        messages: 'daily',
      });

      // Undo puts back what there was before the visit.
      await p.getByRole('button', { name: 'Undo' }).click();
      await expect(p.getByRole('heading', { name: 'Messages Emails Are On' })).toBeVisible();
      await expect(p.getByRole('button', { name: 'Undo' })).toHaveCount(0);
      await expectNoAxeViolations(p);
      expect(await mailSettings(owner.context.request)).toEqual(ALL_IMMEDIATELY);
      panel = await openNotifications(p);
      await expect(
        kindLine(panel, 'Messages').getByRole('radio', { name: 'Immediately' }),
      ).toBeChecked();
    } finally {
      await scene.close();
    }
  });
});
