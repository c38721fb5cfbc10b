import type { APIRequestContext, Browser } from '@playwright/test';
import { E2E_MODERATOR_EMAIL } from './fixtures';
import { seedScene, type SceneMember } from './scene';

/**
 * Review by the many (decision 165) in a browser: a new member's listing that screening holds
 * (it asks for money) at `place`, and `reviewers` members the moderator trusts, living there.
 */
export async function reviewScene(
  browser: Browser,
  request: APIRequestContext,
  {
    title,
    reviewers,
    place = 'Portland, Oregon',
    viewport = { width: 360, height: 780 },
  }: {
    title: string;
    reviewers: number;
    place?: string;
    viewport?: { width: number; height: number };
  },
) {
  const keys = Array.from({ length: reviewers }, (_, i) => `reviewer${i}`);
  const scene = await seedScene(
    browser,
    request,
    {
      members: [
        { key: 'owner' },
        { key: 'moderator', email: E2E_MODERATOR_EMAIL },
        ...keys.map((key) => ({ key })),
      ],
      listings: [
        {
          key: 'held',
          owner: 'owner',
          fields: {
            title,
            description: 'Yours for $50 by PayPal, my courier will collect it.',
            location: place,
          },
        },
      ],
    },
    { viewport },
  );
  const members = scene.members as Record<string, SceneMember>;
  const trusted: SceneMember[] = [];
  for (const key of keys) {
    const m = members[key]!;
    const profile = await m.context.request.patch('/api/users/profile', {
      data: { username: `reviewer-${m.id.slice(0, 8)}`, location: place },
    });
    if (!profile.ok()) throw new Error(`profile: ${profile.status()} ${await profile.text()}`);
    const trust = await members.moderator!.context.request.post(
      `/api/moderation/members/${m.id}/trust`,
      { data: { level: 'trusted', reason: 'Long-standing member' } },
    );
    if (!trust.ok()) throw new Error(`trust: ${trust.status()} ${await trust.text()}`);
    trusted.push(m);
  }
  return { scene, reviewers: trusted };
}
