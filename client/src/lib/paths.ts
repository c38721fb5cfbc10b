import { pages } from '../../../common/site/pages';

/**
 * Every address the app links to, in one table: links and navigations read it. The routes'
 * own paths come from the page table (common/site/pages.ts), which the router is built from.
 */
export const paths = {
  home: pages.home.path,
  browse: pages.browse.path,
  post: pages.post.path,
  messages: pages.messages.path,
  profile: pages.profile.path,
  settings: pages.settings.path,
  /** The profile's Notifications tab: which kinds also come by email. */
  mailSettings: `${pages.profile.path}?tab=notifications`,
  notifications: pages.notifications.path,
  moderation: pages.moderation.path,
  moderationLog: pages.moderationLog.path,
  review: pages.review.path,
  rules: pages.rules.path,
  safety: pages.safety.path,
  contact: pages.contact.path,
  help: pages.help.path,
  privacy: pages.privacy.path,
  join: pages.join.path,
  login: pages.login.path,
  signup: pages.signup.path,
  forgotPassword: pages.forgotPassword.path,
  resetPassword: pages.resetPassword.path,
  confirmEmail: pages.confirmEmail.path,
  undoEmailChange: pages.undoEmailChange.path,
  signInLink: pages.signInLink.path,
  starterWithoutId: pages.starterWithoutId.path,
  starter: {
    path: pages.starter.path,
    href: (id: number) => `/starter/${id}`,
  },
  /**
   * A starter's page with one of its dialogs open: where signing in or joining from that
   * dialog comes back to (decision 048).
   */
  starterDialog: {
    param: 'dialog',
    href: (id: number, dialog: 'message' | 'report') => `/starter/${id}?dialog=${dialog}`,
  },
  jar: {
    path: pages.jar.path,
    href: (code: string) => `/j/${encodeURIComponent(code)}`,
  },
  /** A listing's jar labels as a PDF (decision 157), opened in a new tab. */
  jarLabelsPdf: (starterId: number, count: number, layout: 'sheet' | 'single') =>
    `/api/starters/${starterId}/labels.pdf?count=${count}${layout === 'single' ? '&layout=single' : ''}`,
  starterFamily: {
    path: pages.starterFamily.path,
    href: (id: number) => `/starter/${id}/family`,
  },
  editStarter: {
    path: pages.editStarter.path,
    href: (id: number) => `/starter/${id}/edit`,
  },
  /** The post form filled in from a culture the member received here ("pay it forward"). */
  postFrom: {
    href: (handoverId: number) => `/post?from=${handoverId}`,
  },
  /** "Post Again": a new listing filled in from one of the member's claimed ones. */
  postAgain: {
    href: (starterId: number) => `/post?again=${starterId}`,
  },
  /** Browse's "Asked for" view (the switch is kept in the URL). */
  browseAsks: `${pages.browse.path}?view=asks`,
  postAsk: {
    path: pages.postAsk.path,
    /** Pre-filled from a browse question that found nothing. */
    href: (from: { search?: string; category?: string | null; subcategory?: string | null }) => {
      const params = new URLSearchParams();
      if (from.search) params.set('search', from.search);
      if (from.category) params.set('category', from.category);
      if (from.subcategory) params.set('subcategory', from.subcategory);
      const query = params.toString();
      return query ? `${pages.postAsk.path}?${query}` : pages.postAsk.path;
    },
  },
  meets: pages.meets.path,
  newMeet: pages.newMeet.path,
  meet: {
    path: pages.meet.path,
    href: (id: number) => `/meets/${id}`,
  },
  ask: {
    path: pages.ask.path,
    href: (id: number) => `/asks/${id}`,
  },
  browseCategory: {
    href: (category: string) => `/browse?category=${encodeURIComponent(category)}`,
  },
  conversation: {
    href: (starterId: number, withId: string) =>
      `/messages?starter=${starterId}&with=${encodeURIComponent(withId)}`,
  },
  /** Served by the server, not the app: links to them load a full page. */
  externalSignIn: '/api/login',
  signOut: '/api/logout',
} as const;
