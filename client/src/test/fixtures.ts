import type { UserSummary } from '../../../common/conversations/handovers';
import type { Starter } from '../../../common/listings/starters';
import type { CurrentUser } from '../../../common/members/users';

/** A signed-in member as GET /api/auth/user answers; override what the test is about. */
export function aMember(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'me-1',
    username: 'fern',
    firstName: 'Fern',
    lastName: 'Tester',
    email: 'fern@example.test',
    location: null,
    contactInfo: null,
    profileImageUrl: null,
    isModerator: false,
    emailVerified: true,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** A starter as the API returns it; override what the test is about. */
export function aStarter(overrides: Partial<Starter> = {}): Starter {
  return {
    id: 42,
    userId: 'owner-1',
    title: 'Bubbly sourdough starter',
    description: 'Fed twice a day with rye flour.',
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
    customDescription: null,
    location: 'Leeds, UK',
    imagePath: null,
    thumbnailPath: null,
    isActive: true,
    isClaimed: false,
    removedAt: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    user: {
      id: 'owner-1',
      username: 'ryeriley',
      firstName: 'Riley',
      lastName: 'Rye',
      profileImageUrl: null,
    },
    portions: 1,
    portionsLeft: 1,
    portionsReserved: 0,
    travel: ['pickup'],
    postage: null,
    bring: null,
    availableUntil: new Date(Date.now() + 30 * 24 * 3_600_000).toISOString(),
    status: 'available',
    form: 'active',
    lastFedAt: null,
    parentId: null,
    careNotes: null,
    originStory: null,
    bornYear: null,
    ...overrides,
  };
}

/** A fetch Response carrying JSON. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A new member's public summary (no history at all); override what the test needs. */
export const aSummary = (over: Partial<UserSummary> = {}): UserSummary => ({
  given: 0,
  received: 0,
  thumbsUp: 0,
  thumbsDown: 0,
  replyRate: null,
  typicalReplyMinutes: null,
  replyHours: null,
  noShows365d: 0,
  lateCancellations365d: 0,
  kitchensReached: 0,
  ...over,
});
