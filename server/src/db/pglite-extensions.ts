import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';

/** PGlite loads extensions only when told, on every open: browse's "closest" needs these. */
export const pgliteExtensions = { cube, earthdistance };
