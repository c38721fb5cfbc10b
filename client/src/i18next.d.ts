import 'i18next';
import type { englishCatalogues } from './lib/i18n-english';

// A typed `t`: keys are checked against the English catalogues (decision 090).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof englishCatalogues;
    returnNull: false;
  }
}
