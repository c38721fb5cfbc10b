// Zod probes for `new Function` to compile fast parsers; under the site's CSP (no 'unsafe-eval')
// the probe fails quietly but the browser still reports a CSP violation. Parse without it.
//
// Set through the global object zod keeps its settings on, rather than zod's `config()`, so the
// first-load script carries none of zod's code (decision 101): zod loads with the first form.
// zod-config.test.ts holds zod to reading it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
export {};
