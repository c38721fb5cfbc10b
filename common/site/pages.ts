import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, type Language } from '../i18n/languages';
import english from '../locales/en/common.json' with { type: 'json' };

/**
 * Every page of the app in one table (decision 038). The client's router makes a route of each
 * entry, each page names its tab with its title, and the server fills in the page it sends from
 * the entry: title, description, canonical link or noindex, the module's chunks to
 * preload, and whether it goes out already rendered (decision 034).
 */
export interface Page {
  /** The route, in React Router's syntax (`/starter/:id`, `*` for every other address). */
  path: string;
  /** The file in `client/src/pages/` that draws it, without `.tsx`. */
  module: string;
  /** For search results and link previews. */
  description: string;
  /**
   * Sent with its HTML already rendered (decision 034): a page any visitor may land on whose
   * content is all in the page's data. The others paint once the app has run.
   */
  prerender?: boolean;
  /** A page of one member or one moment (a form, a mailed link): not for search results. */
  noindex?: boolean;
}

export const SITE_NAME = 'CultureShare';

export const DEFAULT_DESCRIPTION =
  'CultureShare: neighbours giving away kefir grains, sourdough, kombucha SCOBY and other fermentation starters for free.';

export const pages = {
  home: {
    path: '/',
    module: 'home',
    description:
      'Neighbours giving away kefir grains, sourdough, kombucha SCOBY, yogurt, miso and tempeh cultures for free. Find a starter near you or pass yours on.',
    prerender: true,
  },
  browse: {
    path: '/browse',
    module: 'browse',
    description:
      'Free fermentation starters offered near you: kefir grains, sourdough, kombucha SCOBY, yogurt and cheese cultures, miso and tempeh. Search by category, type and place.',
    prerender: true,
  },
  rules: {
    path: '/rules',
    module: 'rules',
    description:
      'The rules of CultureShare: healthy, active cultures only, free gifts only, and respectful communication.',
    prerender: true,
  },
  safety: {
    path: '/safety',
    module: 'safety',
    description:
      'How to hand over and receive fermentation starters safely: meeting, hygiene and what to check.',
    prerender: true,
  },
  help: {
    path: '/help',
    module: 'help',
    description:
      'Answers about posting, finding and handing over fermentation starters on CultureShare.',
    prerender: true,
  },
  contact: {
    path: '/contact',
    module: 'contact',
    description: 'How to reach the people who run CultureShare.',
    prerender: true,
  },
  privacy: {
    path: '/privacy',
    module: 'privacy',
    description: 'What CultureShare stores about you, why, and how to have it removed.',
    prerender: true,
  },
  join: {
    path: '/join',
    module: 'join',
    // The spec's name for the page: the header's "Join Community" button leads to it.
    description:
      'Join CultureShare to give away your spare fermentation starters and message neighbours who offer theirs.',
    prerender: true,
  },
  post: {
    path: '/post',
    module: 'post',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  messages: {
    path: '/messages',
    module: 'messages',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** The notification centre (the header's bell): a page, so a phone gets the whole screen. */
  notifications: {
    path: '/notifications',
    module: 'notifications',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  profile: {
    path: '/profile',
    module: 'profile',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** The member's account: password, address, passkeys, sessions, language and their data. */
  settings: {
    path: '/settings',
    module: 'settings',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** Review by the many (decision 165): trusted members' queue of held items near them. */
  review: {
    path: '/review',
    module: 'review',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  moderation: {
    path: '/moderation',
    module: 'moderation',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** The public moderation log (decision 167). */
  moderationLog: {
    path: '/moderation/log',
    module: 'moderation-log',
    description:
      'What the moderators of CultureShare did, under which rule, when and where: listings removed and restored, suspensions and bans.',
  },
  login: {
    path: '/login',
    module: 'login',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  signup: {
    path: '/signup',
    module: 'signup',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  forgotPassword: {
    path: '/forgot-password',
    module: 'forgot-password',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  resetPassword: {
    path: '/reset-password',
    module: 'reset-password',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  confirmEmail: {
    path: '/confirm-email',
    module: 'confirm-email',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** The mailed "Download my data" link: one button spends it (the token rides in the query). */
  dataExport: {
    path: '/data-export',
    module: 'data-export',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  undoEmailChange: {
    path: '/undo-email-change',
    module: 'undo-email-change',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  signInLink: {
    path: '/sign-in-link',
    module: 'sign-in-link',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /**
   * Titled by the page, from the starter. The page people share: a visitor's is sent rendered
   * with its starter (decision 123).
   */
  starter: {
    path: '/starter/:id',
    module: 'starter-detail',
    description: DEFAULT_DESCRIPTION,
    prerender: true,
  },
  /** A culture's family tree: its line, what grew from it, and a map (decision 031). */
  starterFamily: {
    path: '/starter/:id/family',
    module: 'starter-family',
    description:
      'Where a fermentation starter came from and every kitchen it has reached since: its family tree and a map of the places it travelled.',
  },
  /** The owner changes a listing: every field and its photos (its id and threads stay). */
  editStarter: {
    path: '/starter/:id/edit',
    module: 'edit-starter',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** '/starter/' with no id: answered with 'Invalid starter ID', not the 404 page. */
  starterWithoutId: {
    path: '/starter',
    module: 'starter-detail',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** "Ask for it": what a member is looking for (decision 060). */
  postAsk: {
    path: '/asks/new',
    module: 'post-ask',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** One ask; "I can help" starts a conversation with the asker (decision 061). */
  ask: {
    path: '/asks/:id',
    module: 'ask-detail',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** A mail's "Stop these emails" link: asks first, stops one kind (decision 054). */
  mailStop: {
    path: '/mail/stop/:key/:kind',
    module: 'mail-stop',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** An alert mail's stop link: asks first, stops that alert only (decision 064). */
  alertStop: {
    path: '/alerts/stop/:key/:id',
    module: 'alert-stop',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** A check-in mail's answer link: one button sends it (decision 055). */
  checkinAnswer: {
    path: '/check-in/:id/:answer',
    module: 'checkin-answer',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** A jar label's QR code (decision 157): the culture, and one button that records receiving it. */
  jar: {
    path: '/j/:code',
    module: 'jar-label',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** Swap meets near a place (decision 169). */
  meets: {
    path: '/meets',
    module: 'meets',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  newMeet: {
    path: '/meets/new',
    module: 'new-meet',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  /** One meet: who brings what, who comes, and afterwards what it reached. */
  meet: {
    path: '/meets/:id',
    module: 'meet',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  notFound: {
    path: '*',
    module: 'not-found',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
} as const satisfies Record<string, Page>;

/** The addresses of the pages for search results that take no parameter: the sitemap's pages. */
export const indexedPaths: string[] = Object.values(pages as Record<string, Page>)
  .filter((page) => !page.noindex && !page.path.includes(':'))
  .map((page) => page.path);

/**
 * The address of a page in one language (decision 090): English is the page's own address,
 * every other language adds `?lang=`, so each version has its own address to name in
 * `hreflang` alternates and sitemaps.
 */
export function languageUrl(origin: string, path: string, language: Language): string {
  return language === DEFAULT_LANGUAGE
    ? `${origin}${path}`
    : `${origin}${path}${path.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}`;
}

/**
 * The pages titled by their key: the title is the catalogue's `common:pageTitles.<key>`, in the
 * reader's language (English in common/locales/en/common.json). A page whose title comes from
 * its data (a starter's) has none there and sets its own.
 */
export type TitledPage = keyof typeof english.pageTitles;

export function isTitledPage(key: string): key is TitledPage {
  return Object.hasOwn(english.pageTitles, key);
}

/** The tab title of a page ("Browse Starters · CultureShare"), the site's name alone untitled. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * The page the app shows at `pathname`, matched as the client's router matches it (a test holds
 * the two together): letter case and trailing slashes aside, `:id` takes one segment, the route
 * with more fixed segments wins, and the not-found page takes what no route matches. React
 * Router's own matcher is not used here because it brings React into the server.
 */
export function pageAt(pathname: string): Page {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  let found: Page = pages.notFound;
  let fixed = -1;
  for (const page of Object.values(pages) as Page[]) {
    const pattern = page.path.split('/').filter(Boolean);
    if (page === pages.notFound || pattern.length !== segments.length) continue;
    if (!pattern.every((part, i) => part.startsWith(':') || part === segments[i])) continue;
    const count = pattern.filter((part) => !part.startsWith(':')).length;
    if (count > fixed) [found, fixed] = [page, count];
  }
  return found;
}
