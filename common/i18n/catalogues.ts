import en_common from '../locales/en/common.json';
import en_home from '../locales/en/home.json';
import en_auth from '../locales/en/auth.json';
import en_pages from '../locales/en/pages.json';
import en_messages from '../locales/en/messages.json';
import en_browse from '../locales/en/browse.json';
import en_mail from '../locales/en/mail.json';
import en_cultures from '../locales/en/cultures.json';
import es_common from '../locales/es/common.json';
import es_home from '../locales/es/home.json';
import es_auth from '../locales/es/auth.json';
import es_pages from '../locales/es/pages.json';
import es_messages from '../locales/es/messages.json';
import es_browse from '../locales/es/browse.json';
import es_mail from '../locales/es/mail.json';
import es_cultures from '../locales/es/cultures.json';
import de_common from '../locales/de/common.json';
import de_home from '../locales/de/home.json';
import de_auth from '../locales/de/auth.json';
import de_pages from '../locales/de/pages.json';
import de_messages from '../locales/de/messages.json';
import de_browse from '../locales/de/browse.json';
import de_mail from '../locales/de/mail.json';
import de_cultures from '../locales/de/cultures.json';
import fr_common from '../locales/fr/common.json';
import fr_home from '../locales/fr/home.json';
import fr_auth from '../locales/fr/auth.json';
import fr_pages from '../locales/fr/pages.json';
import fr_messages from '../locales/fr/messages.json';
import fr_browse from '../locales/fr/browse.json';
import fr_mail from '../locales/fr/mail.json';
import fr_cultures from '../locales/fr/cultures.json';
import en_starters from '../locales/en/starters.json';
import en_conversations from '../locales/en/conversations.json';
import en_account from '../locales/en/account.json';
import en_living from '../locales/en/living.json';
import en_moderation from '../locales/en/moderation.json';
import es_starters from '../locales/es/starters.json';
import es_conversations from '../locales/es/conversations.json';
import es_account from '../locales/es/account.json';
import es_living from '../locales/es/living.json';
import es_moderation from '../locales/es/moderation.json';
import de_starters from '../locales/de/starters.json';
import de_conversations from '../locales/de/conversations.json';
import de_account from '../locales/de/account.json';
import de_living from '../locales/de/living.json';
import de_moderation from '../locales/de/moderation.json';
import fr_starters from '../locales/fr/starters.json';
import fr_conversations from '../locales/fr/conversations.json';
import fr_account from '../locales/fr/account.json';
import fr_living from '../locales/fr/living.json';
import fr_moderation from '../locales/fr/moderation.json';
import type { Language, Namespace } from './languages';

/** A catalogue: keys to ICU messages, nested; culture names are lists. */
export type Catalogue = { [key: string]: string | string[] | Catalogue };

/**
 * Every catalogue of every language, for the server (mail, error messages, page titles, search)
 * and the checks. The app loads its own, one language at a time (client/src/lib/i18n.ts).
 */
export const catalogues: Record<Language, Record<Namespace, Catalogue>> = {
  en: {
    common: en_common,
    home: en_home,
    auth: en_auth,
    pages: en_pages,
    messages: en_messages,
    browse: en_browse,
    mail: en_mail,
    cultures: en_cultures,
    starters: en_starters,
    conversations: en_conversations,
    account: en_account,
    living: en_living,
    moderation: en_moderation,
  },
  es: {
    common: es_common,
    home: es_home,
    auth: es_auth,
    pages: es_pages,
    messages: es_messages,
    browse: es_browse,
    mail: es_mail,
    cultures: es_cultures,
    starters: es_starters,
    conversations: es_conversations,
    account: es_account,
    living: es_living,
    moderation: es_moderation,
  },
  de: {
    common: de_common,
    home: de_home,
    auth: de_auth,
    pages: de_pages,
    messages: de_messages,
    browse: de_browse,
    mail: de_mail,
    cultures: de_cultures,
    starters: de_starters,
    conversations: de_conversations,
    account: de_account,
    living: de_living,
    moderation: de_moderation,
  },
  fr: {
    common: fr_common,
    home: fr_home,
    auth: fr_auth,
    pages: fr_pages,
    messages: fr_messages,
    browse: fr_browse,
    mail: fr_mail,
    cultures: fr_cultures,
    starters: fr_starters,
    conversations: fr_conversations,
    account: fr_account,
    living: fr_living,
    moderation: fr_moderation,
  },
};
