import {
  appReady,
  expect,
  expectNoAxeViolations,
  newMember,
  shareStarter,
  signUpAndIn,
  test,
} from './fixtures';
import { codesIn } from './jar-codes';

test('a jar label: the giver prints it, a visitor opens it, signs in, comes back and records receiving it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const giver = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    await signUpAndIn(giver.request, newMember({ firstName: 'Greta' }));
    const title = `Jar kefir ${Date.now()}`;
    const starterId = await shareStarter(giver.request, title, {
      originStory: 'From a dairy in Tbilisi, kept since 1970.',
    });

    // The owner's menu: "Print jar labels" chooses a count and opens the PDF.
    const page = await giver.newPage();
    await page.goto(`/starter/${starterId}`);
    await appReady(page);
    await page.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Print jar labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print jar labels' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('How many labels').selectOption('2');
    await dialog.getByRole('radio', { name: /label printer/ }).click();
    const open = dialog.getByRole('link', { name: 'Open the labels (PDF)' });
    await expect(open).toHaveAttribute(
      'href',
      `/api/starters/${starterId}/labels.pdf?count=2&layout=single`,
    );
    await expectNoAxeViolations(page);
    const pdf = await giver.request.get((await open.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const [code] = codesIn(await pdf.body());
    expect(code).toBeTruthy();

    // A visitor scans it: the culture, its care card, and a way to sign in.
    const member = newMember({ firstName: 'Milo' });
    const maker = await browser.newContext();
    await signUpAndIn(maker.request, member);
    await maker.close();
    const scan = await visitor.newPage();
    await scan.goto(`/j/${code}`);
    await appReady(scan);
    await expect(scan.getByRole('heading', { level: 1, name: `A jar of ${title}` })).toBeVisible();
    await expect(scan.getByText('From Greta’s kitchen')).toBeVisible();
    await expect(scan.getByRole('region', { name: /kefir/i })).toBeVisible();
    // The family's story and its map, drawn by the family tree's own map.
    const family = scan.getByRole('group', { name: 'Where it began' });
    await expect(family.getByText('From a dairy in Tbilisi, kept since 1970.')).toBeVisible();
    await expect(family.getByRole('heading', { name: 'Where it has travelled' })).toBeVisible();
    await expect(family.getByRole('img', { name: /^Map of the 1 place/ })).toBeVisible();
    await expect(family.locator('.family-map-place')).toHaveCount(1);
    await expect(
      family.getByRole('listitem').filter({ hasText: 'Portland, Oregon' }),
    ).toBeVisible();
    await expect(scan.getByRole('button', { name: 'I received this jar' })).toHaveCount(0);
    await expectNoAxeViolations(scan);

    // Signing in (by keyboard) comes back to the label.
    await scan.getByRole('link', { name: 'Sign in to record that you received it' }).focus();
    await scan.keyboard.press('Enter');
    await scan.getByLabel('Email').fill(member.email);
    await scan.getByLabel('Password').fill(member.password);
    await scan.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(scan).toHaveURL(new RegExp(`/j/${code}$`));

    const receive = scan.getByRole('button', { name: 'I received this jar' });
    await receive.focus();
    await scan.keyboard.press('Enter');
    await expect(
      scan.getByRole('status').filter({ hasText: 'Recorded: welcome to the family.' }),
    ).toBeVisible();
    await expectNoAxeViolations(scan);

    // The family counts Milo's kitchen, and the code is used: a second look says who has it.
    const lineage = await (await visitor.request.get(`/api/starters/${starterId}/lineage`)).json();
    expect(lineage.kitchens).toBe(1);
    const again = await giver.newPage();
    await again.goto(`/j/${code}`);
    await appReady(again);
    await expect(again.getByText('Milo has this jar now.')).toBeVisible();
    await expect(
      again.getByRole('link', { name: /Family tree · 1 kitchen reached/ }),
    ).toBeVisible();
    await expect(
      again.getByRole('group', { name: 'Where it began' }).getByRole('img', { name: /^Map of/ }),
    ).toBeVisible();
    await expectNoAxeViolations(again);
  } finally {
    await giver.close();
    await visitor.close();
  }
});
