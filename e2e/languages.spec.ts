import {
  expect,
  expectNoAxeViolations,
  newMember,
  shareStarter,
  signUpAndIn,
  test,
  waitForMail,
} from './fixtures';

/*
 * The site in the visitor's language (decision 090): from the first byte the server sends, then
 * a switch in the footer that a sign-up and its mail follow; search by a culture's name in
 * another language (decision 092).
 */

test('a German visitor sees German from the first paint, switches to French, signs up and is mailed in French', async ({
  browser,
}) => {
  // Six pages scanned by axe, a sign-up and its mail.
  test.setTimeout(180_000);
  // The page as the server sends it, before any script runs.
  const noScript = await browser.newContext({ locale: 'de-DE', javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/');
  await expect(bare.locator('html')).toHaveAttribute('lang', 'de');
  await expect(bare.getByRole('heading', { level: 1 })).toHaveText('Teile die Kultur');
  await expect(bare.getByRole('link', { name: 'Mitmachen' }).first()).toBeVisible();
  await expect(bare.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute(
    'href',
    /\/\?lang=fr$/,
  );
  await expect(bare).toHaveTitle('Teile die Kultur · CultureShare');
  // The install sheet in German too.
  await expect(bare.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifests/de.webmanifest',
  );
  const manifest = await (await bare.request.get('/manifests/de.webmanifest')).json();
  expect(manifest).toMatchObject({
    id: '/',
    lang: 'de',
    description: expect.stringContaining('Nachbarn verschenken'),
  });
  await noScript.close();

  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Teile die Kultur');
  await expect(page.getByRole('link', { name: 'Kulturen finden' }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The footer's picker, each language with how complete it is.
  const picker = page.getByLabel('Sprache');
  await expect(picker.locator('option')).toHaveText([
    /^English – 100\s%/,
    /^Español – 100\s%/,
    /^Deutsch – 100\s%/,
    /^Français – 100\s%/,
  ]);
  await picker.selectOption('fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partagez la culture');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByLabel('Langue')).toHaveValue('fr');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifests/fr.webmanifest',
  );
  await expectNoAxeViolations(page);

  // Remembered: the next page comes from the server in French.
  await page.goto('/join');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rejoindre la communauté');
  await expectNoAxeViolations(page);
  await page.getByText('J’ai lu et j’accepte les Règles de la communauté').click();
  await page.getByRole('button', { name: 'J’accepte - Créer un compte' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un compte');
  await expect(page).toHaveTitle('Créer un compte · CultureShare');
  const member = newMember({ firstName: 'Camille' });
  // Checked in French first: a form sent empty says what is missing in French.
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(page.getByText('Saisissez votre prénom')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Prénom').fill(member.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(member.lastName);
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
  await page.getByLabel('Confirmer le mot de passe').fill(member.password);
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(page.getByText('Compte créé !', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Se connecter');
  await expectNoAxeViolations(page);

  const mail = await waitForMail(member.email, /^Confirmez votre adresse e-mail$/);
  expect(mail.text).toContain('Bonjour Camille,');
  expect(mail.text).toContain('Bienvenue sur CultureShare !');
  expect(mail.html).toContain('<html lang="fr">');

  // The account keeps French, whatever the browser says next time.
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Bon retour !', { exact: true })).toBeVisible();
  const me = await page.request.get('/api/auth/user');
  expect((await me.json()).language).toBe('fr');
  await context.close();
});

test('a Spanish visitor finds sourdough by "masa madre", on a page sent in Spanish', async ({
  browser,
  request,
}) => {
  await signUpAndIn(request);
  const id = await shareStarter(request, 'Lively rye sourdough', {
    description: 'A rye starter that doubles overnight; bring a jar.',
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
  });

  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  // The contract: Accept-Language es and no saved choice gets / and /browse in Spanish.
  for (const address of ['/', '/browse']) {
    const res = await context.request.get(address, {
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    const html = await res.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('hreflang="de"');
  }

  await page.goto('/browse?search=masa%20madre');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle('Explorar cultivos · CultureShare');
  await expect(page.locator(`a[href="/starter/${id}"]`).first()).toBeVisible();
  await expectNoAxeViolations(page);

  const found = await request.get('/api/starters?search=Sauerteig');
  expect(
    ((await found.json()) as { starters: { id: number }[] }).starters.map((s) => s.id),
  ).toContain(id);
  await context.close();
});

test('German filters keep to their card at 1280 px and at 360 px: the long "use my location" wraps', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/browse');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    if (width < 1024) await page.getByRole('button', { name: /^Filter/ }).click();
    const locate = page.getByRole('button', { name: 'Meinen Standort verwenden' });
    await expect(locate).toBeVisible();
    // The search box spans the card's width: nothing in the card reaches past it.
    const search = (await page.getByLabel('Suche', { exact: true }).boundingBox())!;
    const button = (await locate.boundingBox())!;
    const place = (await page.getByLabel('Ort', { exact: true }).boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(search.x + search.width + 1);
    expect(place.x + place.width).toBeLessThanOrEqual(search.x + search.width + 1);
  }
  await context.close();
});
