import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// The client's test files share their worker (decision 115): each starts from fresh copies of
// the app's modules (stores such as the toasts' and the outbox are module state), and the
// document and storage it leaves are emptied after it.
vi.resetModules();
const { allTextsLoaded, i18n } = await import('../lib/i18n');

// Every English text at hand before any test renders, as in a page the app has taken over.
await allTextsLoaded();

// jsdom has no ResizeObserver; Radix measures controls with it (e.g. a radio inside a form).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Dialogs load their code on first open. With the server tests running alongside, that first
// import can take longer than the one-second default, so findBy/waitFor wait up to five.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  // Tests that show another language (render.tsx's showIn) leave English for the next.
  await i18n.changeLanguage('en');
});

afterAll(() => {
  if (typeof document === 'undefined') return; // a file run in Node, not in the test document
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
  for (const { name } of [...document.documentElement.attributes])
    document.documentElement.removeAttribute(name);
});
