import type { Page } from '@playwright/test';
import { englishIn } from '../server/src/test/english-leaks';
import { expect, test } from './fixtures';
import { seedScene } from './scene';

/*
 * A German and a French member's hand-over, on a 360 px phone: the lines the site wrote into
 * the thread, the inbox's preview of it and the bell's items read in their language, dates
 * too, with no English text of the site's in them (decision 124).
 */

const PHONE = { width: 360, height: 740 };

/** What the page shows in its header and main part holds no English the site wrote. */
async function expectNoEnglish(page: Page) {
  const text = `${await page.getByRole('banner').innerText()}\n${await page.getByRole('main').innerText()}`;
  expect(englishIn(text), text).toEqual([]);
  expect(text).not.toMatch(/Reserved|Given to|received it|You gave|Saturday|March/);
}

const CASES = [
  {
    language: 'de',
    giverName: 'Greta',
    askerName: 'Jonas',
    title: 'Roggensauerteig vom Markt',
    ask: 'Kann ich etwas davon haben?',
    // The two members' own time, written as a German reads it.
    reserved: 'Für dich reserviert – Samstag, 20. März um 10:00',
    // Once received, the given line reads as done, for each side.
    given: 'An dich übergeben',
    confirmed: 'Du hast bestätigt, dass du sie erhalten hast',
    giverLines: [
      'Du hast eine Portion für Jonas reserviert · Samstag, 20. März um 10:00',
      'Du hast Jonas eine Portion übergeben',
      'Jonas hat sie erhalten – danke!',
    ],
    bell: 'Greta hat Roggensauerteig vom Markt für dich reserviert',
  },
  {
    language: 'fr',
    giverName: 'Amélie',
    askerName: 'Théo',
    title: 'Levain de seigle du marché',
    ask: 'Puis-je en avoir un peu ?',
    reserved: 'Réservée pour vous — samedi 20 mars à 10:00',
    given: 'Donnée pour vous',
    confirmed: 'Vous avez confirmé l’avoir reçue',
    giverLines: [
      'Vous avez réservé une part pour Théo · samedi 20 mars à 10:00',
      'Vous avez donné une part à Théo',
      'Théo l’a reçue — merci !',
    ],
    bell: 'Amélie vous a réservé Levain de seigle du marché',
  },
] as const;

for (const c of CASES) {
  test(`a ${c.language} member's hand-over reads in ${c.language} on a phone: thread, inbox and bell`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    // Two members of this language; the asker asks, the giver reserves a portion for a
    // Saturday, gives it, and the asker confirms it arrived.
    const scene = await seedScene(
      browser,
      request,
      {
        members: [
          { key: 'giver', firstName: c.giverName, lastName: 'Nachbar', language: c.language },
          { key: 'asker', firstName: c.askerName, lastName: 'Nachbar', language: c.language },
        ],
        listings: [{ key: 'jar', owner: 'giver', fields: { title: c.title } }],
        steps: [
          { do: 'ask', from: 'asker', listing: 'jar', text: c.ask },
          { do: 'reserve', listing: 'jar', for: 'asker', at: '2027-03-20T10:00' },
          { do: 'give', listing: 'jar', to: 'asker' },
          { do: 'confirm', listing: 'jar', by: 'asker' },
        ],
      },
      { viewport: PHONE, hasTouch: true },
    );
    const { giver, asker } = scene.members;
    const starterId = scene.listings.jar!;
    try {
      // The receiver's thread: each line the site wrote, in their words and their way of
      // writing a day.
      const page = asker.page;
      await page.goto(`/messages?starter=${starterId}&with=${giver.id}`);
      await expect(page.locator('html')).toHaveAttribute('lang', c.language);
      const thread = page.getByRole('log');
      await expect(thread.getByText(c.reserved)).toBeVisible();
      await expect(thread.getByText(c.given)).toBeVisible();
      await expect(thread.getByText(c.confirmed)).toBeVisible();
      await expectNoEnglish(page);

      // The inbox previews the thread by its last line, worded for the reader.
      await page.goto('/messages');
      const main = page.getByRole('main');
      await expect(main.getByText(c.confirmed).first()).toBeVisible();
      await expectNoEnglish(page);

      // The bell's items.
      await page.goto('/notifications');
      await expect(page.locator('html')).toHaveAttribute('lang', c.language);
      await expect(main.getByRole('link').filter({ hasText: c.title }).first()).toBeVisible();
      await expect(main.getByText(c.bell).first()).toBeVisible();
      await expectNoEnglish(page);

      // The giver reads the same hand-over from their side, in the same language.
      const giverPage = giver.page;
      await giverPage.goto(`/messages?starter=${starterId}&with=${asker.id}`);
      for (const line of c.giverLines)
        await expect(giverPage.getByRole('log').getByText(line)).toBeVisible();
      await expectNoEnglish(giverPage);
    } finally {
      await scene.close();
    }
  });
}
