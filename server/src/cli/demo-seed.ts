import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { handovers, messages, photos, reports, starters, users } from '../db/schema';
import { hashPassword } from '../features/account/auth/passwords';
import { locate } from '../features/places/places.service';
import { usernameSkeleton } from '../features/account/users/users.service';
import { processPhoto } from '../features/starters/photos';
import { photoPaths } from '../features/starters/starters.service';
import {
  DEMO_MODERATOR_EMAIL,
  DEMO_PASSWORD,
  demoConversations,
  demoMembers,
  demoReports,
  demoStarters,
} from './demo-data';
import { demoPhoto } from './demo-photos';
import { DAY_MS } from '../../../common/site/time';

const emailOf = (key: string) =>
  key === 'moderator' ? DEMO_MODERATOR_EMAIL : `${key}@cultureshare.test`;

export interface DemoSummary {
  added: boolean;
  members: number;
  starters: number;
  conversations: number;
  reports: number;
}

export class DemoRefusedError extends Error {}

export const DEMO_REFUSED_IN_PRODUCTION =
  'Demo data is never added under NODE_ENV=production: it signs in with a published password.';

/**
 * Adds the demo community to an empty database only: its members (a moderator among them)
 * sign in with the README's password, so a database that already has members gets nothing,
 * and a production one never.
 */
export async function seedDemo(
  db: Db,
  { env }: { env: 'development' | 'production' | 'test' },
): Promise<DemoSummary> {
  if (env === 'production') throw new DemoRefusedError(DEMO_REFUSED_IN_PRODUCTION);
  const summary = {
    members: demoMembers.length,
    starters: demoStarters.length,
    conversations: demoConversations.length,
    reports: demoReports.length,
  };
  const [existing] = await db.select({ id: users.id }).from(users).limit(1);
  if (existing) return { added: false, ...summary };
  // Photos are processed before the transaction: the same pipeline as an upload.
  const processed = await Promise.all(
    demoStarters.map((s, i) =>
      s.hue === undefined ? undefined : demoPhoto({ ...s, hue: s.hue }, i).then(processPhoto),
    ),
  );
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();

  await db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (const [i, m] of demoMembers.entries()) {
      const place = locate(m.location);
      const [row] = await tx
        .insert(users)
        .values({
          email: emailOf(m.key),
          passwordHash,
          firstName: m.firstName,
          lastName: m.lastName,
          username: m.username,
          usernameSkeleton: usernameSkeleton(m.username),
          location: m.location,
          latitude: place?.latitude ?? null,
          longitude: place?.longitude ?? null,
          contactInfo: m.contactInfo ?? null,
          isModerator: m.isModerator ?? false,
          // Demo members can post and message at once.
          emailVerifiedAt: new Date(),
          createdAt: new Date(now - (120 + i * 9) * DAY_MS),
        })
        .returning({ id: users.id });
      ids.set(m.key, row!.id);
    }

    const starterIds = new Map<string, { id: number; owner: string }>();
    for (const [i, s] of demoStarters.entries()) {
      const owner = demoMembers.find((m) => m.key === s.owner)!;
      const place = locate(owner.location);
      const createdAt = new Date(now - s.ageDays * DAY_MS - i * 37 * 60 * 1000);
      const culture = s.culture ?? {};
      const parent = culture.parent ? starterIds.get(culture.parent)! : undefined;
      if (parent) {
        // Received through a confirmed hand-over, as the post form requires of a parent.
        await tx.insert(handovers).values({
          starterId: parent.id,
          giverId: ids.get(parent.owner)!,
          recipientId: ids.get(s.owner)!,
          status: 'received',
          createdAt: new Date(createdAt.getTime() - 30 * DAY_MS),
          confirmedAt: new Date(createdAt.getTime() - 29 * DAY_MS),
        });
      }
      const [row] = await tx
        .insert(starters)
        .values({
          userId: ids.get(s.owner)!,
          title: s.title,
          description: s.description,
          category: s.category,
          subcategory: s.subcategory,
          starterType: s.starterType,
          customDescription: s.customDescription ?? null,
          location: owner.location,
          latitude: place?.latitude ?? null,
          longitude: place?.longitude ?? null,
          isClaimed: s.claimed ?? false,
          form: culture.form ?? 'active',
          lastFedAt:
            culture.fedDaysAgo === undefined ? null : new Date(now - culture.fedDaysAgo * DAY_MS),
          careNotes: culture.careNotes ?? null,
          originStory: culture.originStory ?? null,
          bornYear: culture.bornYear ?? null,
          parentId: parent?.id ?? null,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: starters.id });
      const photo = processed[i];
      if (photo) {
        const [stored] = await tx
          .insert(photos)
          .values({ starterId: row!.id, ...photo })
          .returning({ id: photos.id });
        await tx
          .update(starters)
          .set({ imagePath: photoPaths(stored!.id).imagePath })
          .where(eq(starters.id, row!.id));
      }
      starterIds.set(s.title, { id: row!.id, owner: s.owner });
    }

    for (const c of demoConversations) {
      const starter = starterIds.get(c.starter)!;
      const inquirer = ids.get(c.with)!;
      const owner = ids.get(starter.owner)!;
      for (const [i, m] of c.messages.entries()) {
        const fromInquirer = m.from === 'inquirer';
        await tx.insert(messages).values({
          starterId: starter.id,
          senderId: fromInquirer ? inquirer : owner,
          receiverId: fromInquirer ? owner : inquirer,
          content: m.text,
          isRead: m.read ?? false,
          createdAt: new Date(now - (c.messages.length - i) * 47 * 60 * 1000),
        });
      }
    }

    const moderatorId = ids.get('moderator')!;
    for (const [i, r] of demoReports.entries()) {
      const reviewed = r.status !== 'pending';
      await tx.insert(reports).values({
        starterId: starterIds.get(r.starter)!.id,
        reporterId: ids.get(r.reporter)!,
        reason: r.reason,
        description: r.description,
        status: r.status,
        reviewedBy: reviewed ? moderatorId : null,
        reviewedAt: reviewed ? new Date(now - i * 3600_000) : null,
        createdAt: new Date(now - (i + 1) * 5 * 3600_000),
      });
    }
  });

  return { added: true, ...summary };
}
