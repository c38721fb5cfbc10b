import common from '../../../common/locales/en/common.json';
import home from '../../../common/locales/en/home.json';
import auth from '../../../common/locales/en/auth.json';
import pages from '../../../common/locales/en/pages.json';
import messages from '../../../common/locales/en/messages.json';
import browse from '../../../common/locales/en/browse.json';
import starters from '../../../common/locales/en/starters.json';
import conversations from '../../../common/locales/en/conversations.json';
import account from '../../../common/locales/en/account.json';
import living from '../../../common/locales/en/living.json';
import moderation from '../../../common/locales/en/moderation.json';

/** English, in the first-load bundle: the fallback of every other language. */
export const englishCatalogues = {
  common,
  home,
  auth,
  pages,
  messages,
  browse,
  starters,
  conversations,
  account,
  living,
  moderation,
};
