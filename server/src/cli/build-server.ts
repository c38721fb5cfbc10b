/**
 * Part of `npm run build`: bundles the server into dist/server (decision 102), so `npm start`
 * runs plain JavaScript instead of compiling TypeScript at every start.
 */
import path from 'node:path';
import { projectRoot } from '../project-root';
import { bundleServer } from './server-bundle';

const outdir = path.join(projectRoot, 'dist', 'server');
const bytes = await bundleServer(outdir);
console.log(
  `server bundled into ${path.relative(process.cwd(), outdir)} (${(bytes / 1024 / 1024).toFixed(1)} MB)`,
);
