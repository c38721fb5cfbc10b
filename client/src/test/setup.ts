import '@testing-library/jest-dom/vitest';
import { allTextsLoaded, i18n } from '../lib/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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
