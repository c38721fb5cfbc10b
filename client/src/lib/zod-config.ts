import { config } from 'zod/v4/core';

// Zod probes for `new Function` to compile fast parsers; under the site's CSP (no 'unsafe-eval')
// the probe fails quietly but the browser still reports a CSP violation. Parse without it.
config({ jitless: true });
