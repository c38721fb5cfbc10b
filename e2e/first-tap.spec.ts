import type { Browser, Page } from '@playwright/test';
import { pages, type Page as TablePage } from '../common/site/pages';
import { expect, newMember, shareStarter, signUpAndIn, test } from './fixtures';

/**
 * The first tap on a page sent rendered acts (decision 122): on a 360 px phone with the CPU
 * slowed 4×, each control is tapped the moment it is visible, before the app has taken the
 * page over, and what it does must follow. A control is a real one of the browser (a link, a
 * checkbox, a disclosure), or one boot.js holds and presses again once the app works; none
 * lets a tap fall through.
 */

/** What a tap on one control must do, within the time a slowed phone takes to start the app. */
interface Tap {
  name: string;
  tap: (page: Page) => Promise<void>;
  done: (page: Page) => Promise<void>;
}

const EFFECT = { timeout: 45_000 };

const header = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');

/** Taps every page shares: the header's links and the footer's language picker. */
function frameTaps(path: string): Tap[] {
  return [
    {
      name: 'header Sign In link',
      tap: (page) => header(page).getByRole('link', { name: 'Sign In' }).tap(),
      done: (page) => expect(page).toHaveURL(/\/login/, EFFECT),
    },
    {
      name: 'footer language picker',
      tap: async (page) => {
        // A phone's list of choices is the browser's own: choosing is what the tap does.
        await footer(page).getByLabel('Language').selectOption('es');
      },
      done: async (page) => {
        await expect(page.locator('html')).toHaveAttribute('lang', 'es', EFFECT);
        await expect(page).toHaveURL(new RegExp(path.replace(/[?]/g, '\\?')), EFFECT);
      },
    },
  ];
}

/** Each server-rendered page's own controls. */
function pageTaps(starterPath: string): Record<string, { path: string; taps: Tap[] }> {
  const link = (name: string | RegExp, url: RegExp): Tap => ({
    name: `link ${name}`,
    tap: (page) => page.getByRole('main').getByRole('link', { name }).first().tap(),
    done: (page) => expect(page).toHaveURL(url, EFFECT),
  });
  return {
    home: { path: '/', taps: [link('Browse Starters', /\/browse/)] },
    browse: {
      path: '/browse',
      taps: [
        {
          name: 'category Grain Ferments',
          tap: (page) => page.getByRole('button', { name: /Grain Ferments/ }).tap(),
          done: async (page) => {
            await expect(page).toHaveURL(/category=grain/, EFFECT);
            await expect(page.getByRole('button', { name: /Grain Ferments/ })).toHaveAttribute(
              'aria-pressed',
              'true',
            );
          },
        },
      ],
    },
    rules: { path: '/rules', taps: [link('Browse Starters', /\/browse/)] },
    safety: { path: '/safety', taps: [link('Community Rules', /\/rules/)] },
    help: {
      path: '/help',
      taps: [
        {
          name: 'first question',
          tap: (page) => page.locator('main summary').first().tap(),
          done: async (page) => {
            await expect(page.locator('main details').first()).toHaveAttribute('open', '', EFFECT);
            await expect(page.getByText(/Sign in, then choose/)).toBeVisible();
          },
        },
      ],
    },
    contact: { path: '/contact', taps: [link('Report a Post', /\/browse/)] },
    privacy: { path: '/privacy', taps: [link('Community Rules', /\/rules/)] },
    join: {
      path: '/join',
      taps: [
        {
          name: 'terms checkbox, then I Agree',
          tap: (page) => page.getByRole('checkbox', { name: /I have read and agree/ }).tap(),
          done: async (page) => {
            await expect(page.getByRole('checkbox', { name: /I have read/ })).toBeChecked();
            const agree = page.getByRole('button', { name: 'I Agree - Create Account' });
            await expect(agree).toBeEnabled();
            await agree.tap();
            await expect(page).toHaveURL(/\/signup/, EFFECT);
            await expect(page.getByRole('checkbox', { name: /I agree to the/ })).toBeChecked();
          },
        },
        {
          name: 'I Decline',
          tap: (page) => page.getByRole('button', { name: 'I Decline - Go Back' }).tap(),
          done: (page) => expect(page).toHaveURL(/\/$/, EFFECT),
        },
      ],
    },
    starter: {
      path: starterPath,
      taps: [
        {
          name: 'Sign In to Message',
          tap: (page) => page.getByRole('button', { name: 'Sign In to Message' }).tap(),
          done: (page) => expect(page.getByRole('dialog')).toBeVisible(EFFECT),
        },
      ],
    },
  };
}

/** A fresh visitor's phone with the CPU slowed 4×, on `path` as soon as it starts arriving. */
async function slowPhone(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
  });
  // Whether the app had taken the page over when it was first tapped (or a choice made), kept
  // across the page a link leads to.
  // (Text: the specs compile without the DOM's types.)
  await context.addInitScript(`{
    const note = () => {
      if (!sessionStorage.getItem('first-tap'))
        sessionStorage.setItem('first-tap', document.documentElement.dataset.app ?? 'none');
    };
    addEventListener('pointerdown', note, true);
    addEventListener('change', note, true);
  }`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(path, { waitUntil: 'commit' });
  return { context, page, errors };
}

/** The starter page's taps are checked on a starter shared for the test. */
const STARTER_PATH = '/starter/:id';

test.describe('the first tap on a page sent rendered acts, on a phone slowed 4×', () => {
  // Each page is a test of its own, so the two workers share them and one slow page never
  // eats another's time.
  test.describe.configure({ mode: 'parallel' });
  test.setTimeout(240_000);

  test('every server-rendered page has its taps here', () => {
    // Every page the server sends rendered is here: a new one must say what its taps do.
    const rendered = Object.entries(pages as Record<string, TablePage>)
      .filter(([, page]) => page.prerender)
      .map(([key]) => key);
    expect(Object.keys(pageTaps(STARTER_PATH)).sort()).toEqual(rendered.sort());
  });

  for (const [key, { path: tablePath, taps }] of Object.entries(pageTaps(STARTER_PATH))) {
    // The frame's taps once (on the landing page), each page's own on it.
    const names = [...(key === 'home' ? frameTaps(tablePath) : []), ...taps].map((t) => t.name);
    test(`${key}: ${names.join(', ')}`, async ({ browser, baseURL }) => {
      let path = tablePath;
      if (path === STARTER_PATH) {
        const owner = await browser.newContext();
        await signUpAndIn(owner.request, newMember());
        path = `/starter/${await shareStarter(owner.request, 'Milk kefir grains for a first tap')}`;
        await owner.close();
      }
      const all = [...(key === 'home' ? frameTaps(path) : []), ...taps];
      const failed: string[] = [];
      for (const tap of all) {
        const { context, page, errors } = await slowPhone(browser, baseURL!, path);
        try {
          await tap.tap(page);
          await tap.done(page);
          // It landed on the page as sent, before the app had taken it over.
          expect(await page.evaluate("sessionStorage.getItem('first-tap')")).not.toBe('ready');
          expect(errors).toEqual([]);
        } catch (err) {
          const message = (err as Error).message.split('\n')[0];
          failed.push(`${path} — ${tap.name}: ${message}${errors.length ? ` ${errors}` : ''}`);
        } finally {
          await context.close();
        }
      }
      expect(failed).toEqual([]);
    });
  }

  test("the footer's language picker on a shared starter's page, before the app works", async ({
    browser,
    baseURL,
  }) => {
    const owner = await browser.newContext();
    await signUpAndIn(owner.request, newMember());
    const starterId = await shareStarter(owner.request, 'Water kefir for a first choice');
    await owner.close();

    const path = `/starter/${starterId}`;
    const picker = frameTaps(path).find((tap) => tap.name === 'footer language picker')!;
    const { context, page, errors } = await slowPhone(browser, baseURL!, path);
    try {
      await picker.tap(page);
      await picker.done(page);
      // The choice was made on the page as sent, and the page now reads in it.
      expect(await page.evaluate("sessionStorage.getItem('first-tap')")).not.toBe('ready');
      await expect(page.getByRole('button', { name: 'Inicia sesión para escribir' })).toBeVisible(
        EFFECT,
      );
      await expect(page.getByRole('button', { name: 'Sign In to Message' })).toHaveCount(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
