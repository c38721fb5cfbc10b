import { pages } from '../../../common/pages';

/**
 * Every address the app links to, in one table: links and navigations read it. The routes'
 * own paths come from the page table (common/pages.ts), which the router is built from.
 */
export const paths = {
  home: pages.home.path,
  browse: pages.browse.path,
  post: pages.post.path,
  messages: pages.messages.path,
  profile: pages.profile.path,
  moderation: pages.moderation.path,
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
