import 'i18next';
import type common from '../../common/locales/en/common.json';
import type home from '../../common/locales/en/home.json';
import type auth from '../../common/locales/en/auth.json';
import type pages from '../../common/locales/en/pages.json';
import type messages from '../../common/locales/en/messages.json';
import type browse from '../../common/locales/en/browse.json';
import type starters from '../../common/locales/en/starters.json';
import type conversations from '../../common/locales/en/conversations.json';
import type account from '../../common/locales/en/account.json';
import type living from '../../common/locales/en/living.json';
import type moderation from '../../common/locales/en/moderation.json';

// A typed `t`: keys are checked against the English catalogues (decision 090), those in the
// first-load script and those loaded as the app starts alike.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      home: typeof home;
      auth: typeof auth;
      pages: typeof pages;
      messages: typeof messages;
      browse: typeof browse;
      starters: typeof starters;
      conversations: typeof conversations;
      account: typeof account;
      living: typeof living;
      moderation: typeof moderation;
    };
    returnNull: false;
  }
}
