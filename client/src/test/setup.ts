import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no ResizeObserver; Radix measures controls with it (e.g. a radio inside a form).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Dialogs load their code on first open. With the server tests running alongside, that first
// import can take longer than the one-second default, so findBy/waitFor wait up to five.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
