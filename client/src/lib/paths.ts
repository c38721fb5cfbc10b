/**
 * Every route of the app and every address it links to, in one table: the router, links and
 * navigations all read it, so a route changes in one place.
 */
export const paths = {
  home: '/',
  browse: '/browse',
  post: '/post',
  messages: '/messages',
  profile: '/profile',
  moderation: '/moderation',
  rules: '/rules',
  safety: '/safety',
  contact: '/contact',
  help: '/help',
  privacy: '/privacy',
  join: '/join',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  /** '/starter/' with no id: answered with 'Invalid starter ID', not the 404 page. */
  starterWithoutId: '/starter',
  starter: {
    path: '/starter/:id',
    href: (id: number) => `/starter/${id}`,
  },
  /** A culture's family tree: its line, what grew from it, and a map (decision 031). */
  starterFamily: {
    path: '/starter/:id/family',
    href: (id: number) => `/starter/${id}/family`,
  },
  /** The post form filled in from a culture the member received here ("pay it forward"). */
  postFrom: {
    href: (handoverId: number) => `/post?from=${handoverId}`,
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
