import crypto from 'node:crypto';
import sharp from 'sharp';
import { z } from 'zod';
import { createReservationSchema } from '../../../common/conversations/handovers';
import { LANGUAGES, type Language } from '../../../common/i18n/languages';
import type { AppDeps } from '../deps';
import { HttpError } from '../errors';
import { sendMessage } from '../features/messages/messages.service';
import {
  confirmHandover,
  giveHandover,
  reservePortion,
} from '../features/handovers/handovers.service';
import { createStarter } from '../features/starters/starters.service';
import { parseStarterFields } from '../features/starters/starter-form';
import { insertSession, type SessionUser } from '../plugins/sessions';
import { seedMember } from './test-seed.service';

const key = z.string().min(1).max(40);
const text = z.string().min(1).max(2000);

/**
 * What a browser test starts from, said once: its members (each signed in, with a session of
 * their own), their listings (with photos if asked) and what happened between them, in order.
 * Each step goes through the service its route calls, as the member who would act: the
 * threads, bells, mails and counts are those the real requests leave.
 */
export const sceneSchema = z.object({
  /** Every member's password (their hash is made once per server; decision 128). */
  password: z.string().min(8).max(200),
  members: z
    .array(
      z.object({
        key,
        firstName: z.string().min(1).max(50).default('Fern'),
        lastName: z.string().min(1).max(50).optional(),
        /** An address with an account already (the moderator) signs that account in. */
        email: z.email().optional(),
        language: z.enum(LANGUAGES).optional(),
      }),
    )
    .min(1)
    .max(10),
  listings: z
    .array(
      z.object({
        key,
        owner: key,
        /** The new-starter form's fields, as the form sends them (`travel` repeats). */
        fields: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        photos: z.number().int().min(0).max(4).default(0),
      }),
    )
    .max(20)
    .default([]),
  steps: z
    .array(
      z.discriminatedUnion('do', [
        /** A member writes to the owner about a listing; the owner answers with `reply`. */
        z.object({ do: z.literal('ask'), from: key, listing: key, text }),
        z.object({ do: z.literal('reply'), listing: key, to: key, text }),
        z.object({
          do: z.literal('reserve'),
          listing: key,
          for: key,
          at: createReservationSchema.shape.at,
        }),
        z.object({ do: z.literal('give'), listing: key, to: key }),
        z.object({ do: z.literal('confirm'), listing: key, by: key }),
      ]),
    )
    .max(40)
    .default([]),
});
export type Scene = z.input<typeof sceneSchema>;
type ParsedScene = z.output<typeof sceneSchema>;

export interface SeededMember {
  id: string;
  email: string;
  firstName: string;
  /** The session cookie's value: the test sets it on the context that acts as this member. */
  session: string;
}

export interface SeededScene {
  members: Record<string, SeededMember>;
  listings: Record<string, number>;
  /** Per step, the id it made (message, reservation or hand-over), in order. */
  made: number[];
}

/** A plain photo of `n`'s colour, as a phone would send (each listing's photos differ). */
async function photo(n: number): Promise<Buffer> {
  const shade = (n * 53) % 200;
  return sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 200, g: shade, b: 80 } },
  })
    .jpeg()
    .toBuffer();
}

function lookup<T>(map: Map<string, T>, name: string, what: string): T {
  const found = map.get(name);
  if (found === undefined)
    throw new HttpError(400, 'scene_key', `No ${what} "${name}" in the scene`);
  return found;
}

async function seedMembers(
  deps: Pick<AppDeps, 'db' | 'config'>,
  scene: ParsedScene,
  fallback: Language,
) {
  const users = new Map<string, SessionUser>();
  const members: Record<string, SeededMember> = {};
  for (const m of scene.members) {
    const tag = crypto.randomBytes(4).toString('hex');
    const user = await seedMember(deps.db, {
      email: m.email ?? `member-${tag}@e2e.test`,
      password: scene.password,
      firstName: m.firstName,
      lastName: m.lastName ?? `Tester${tag.slice(0, 3)}`,
      language: m.language ?? fallback,
    });
    const session = await insertSession(deps.db, deps.config.session, user.id, {
      userAgent: 'seeded',
      place: null,
    });
    users.set(m.key, user);
    members[m.key] = { id: user.id, email: user.email!, firstName: user.firstName!, session };
  }
  return { users, members };
}

/** Makes the scene, members first, then listings, then each step in order. */
export async function seedScene(
  deps: AppDeps,
  scene: ParsedScene,
  fallback: Language,
): Promise<SeededScene> {
  const { users, members } = await seedMembers(deps, scene, fallback);
  const member = (name: string) => lookup(users, name, 'member');
  const listings = new Map<string, { id: number; owner: SessionUser }>();
  for (const [i, l] of scene.listings.entries()) {
    const fields: Record<string, string> = {};
    const lists: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(l.fields))
      if (Array.isArray(value)) lists[name] = value;
      else fields[name] = value;
    const owner = member(l.owner);
    const photos = await Promise.all(Array.from({ length: l.photos }, (_, p) => photo(i * 4 + p)));
    const starter = await createStarter(deps, owner, {
      input: parseStarterFields(fields, lists),
      photos,
    });
    listings.set(l.key, { id: starter.id, owner });
  }
  const listing = (name: string) => lookup(listings, name, 'listing');
  const made: number[] = [];
  const given = new Map<string, number>();
  for (const step of scene.steps) {
    const { id: starterId, owner } = listing(step.listing);
    if (step.do === 'ask' || step.do === 'reply') {
      const [from, to] = step.do === 'ask' ? [member(step.from), owner] : [owner, member(step.to)];
      const message = await sendMessage(deps, from, {
        starterId,
        receiverId: to.id,
        content: step.text,
      });
      made.push(message.id);
    } else if (step.do === 'reserve') {
      const input = { starterId, memberId: member(step.for).id, at: step.at };
      made.push((await reservePortion(deps, owner, input)).id);
    } else if (step.do === 'give') {
      const input = { starterId, memberId: member(step.to).id };
      const { id } = await giveHandover(deps, owner, input);
      given.set(`${step.listing} ${step.to}`, id);
      made.push(id);
    } else {
      const handoverId = lookup(given, `${step.listing} ${step.by}`, 'give to confirm for');
      await confirmHandover(deps, member(step.by), { handoverId, received: true });
      made.push(handoverId);
    }
  }
  return { members, listings: Object.fromEntries([...listings].map(([k, v]) => [k, v.id])), made };
}
