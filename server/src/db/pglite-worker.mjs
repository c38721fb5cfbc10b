// A worker thread does not inherit the TypeScript loader the server runs under
// (`node --import tsx`), so this plain module registers it before loading the worker.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
