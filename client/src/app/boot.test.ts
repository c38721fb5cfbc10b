import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';

// client/public/boot.js, run as the browser runs it: in a page of its own, before the app.
const boot = readFileSync(resolve(__dirname, '../../public/boot.js'), 'utf8');
let page: JSDOM | undefined;

function open(body: string) {
  page = new JSDOM(`<!doctype html><html><body>${body}<script data-entry="/app.js"></script>`, {
    runScripts: 'outside-only',
    pretendToBeVisual: true,
  });
  const { document } = page.window;
  const tag = document.querySelector('script[data-entry]');
  Object.defineProperty(document, 'currentScript', { get: () => tag });
  page.window.eval(boot);
  return page.window;
}

/** The app takes the page over: it draws `main` anew, then marks the page ready. */
async function appTakesOver(window: JSDOM['window'], main: string) {
  window.document.querySelector('main')!.innerHTML = main;
  for (const button of window.document.querySelectorAll('button'))
    button.addEventListener('click', () => button.setAttribute('data-clicked', ''));
  window.document.documentElement.setAttribute('data-app', 'ready');
  await new Promise((resolve) => window.setTimeout(resolve, 20));
}

afterEach(() => page?.window.close());

describe('a press held before the app works', () => {
  it('is pressed again on the same control when the app drew it anew', async () => {
    const window = open('<main><button>Reserve</button></main>');
    window.document.querySelector('button')!.click();
    await appTakesOver(window, '<button>Reserve</button>');
    expect(window.document.querySelector('button')!.hasAttribute('data-clicked')).toBe(true);
  });

  it('is never pressed on a different control drawn at its place', async () => {
    const window = open('<main><button>Reserve</button></main>');
    window.document.querySelector('button')!.click();
    await appTakesOver(window, '<button>Delete listing</button>');
    expect(window.document.querySelector('button')!.hasAttribute('data-clicked')).toBe(false);
  });
});
