import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
} from '@playwright/test';
import type { Scene } from '../server/src/test-seed/test-scene';
import { E2E_PASSWORD } from './e2e-members';

/** A member of a seeded scene, signed in on a browser context (and a page) of their own. */
export interface SceneMember {
  id: string;
  email: string;
  firstName: string;
  /** How threads and the header name them: a seeded member has no username, so their first name. */
  name: string;
  context: BrowserContext;
  page: Page;
}

export interface SeededScene<M extends string> {
  members: Record<M, SceneMember>;
  listings: Record<string, number>;
  /** Per step, the id it made (message, reservation or hand-over), in order. */
  made: number[];
  /** Closes every member's context. */
  close(): Promise<void>;
}

/** The kefir listing most scenes share; a listing's `fields` override it. */
export const KEFIR_FIELDS = {
  title: 'Milk kefir grains',
  description: 'Lively grains, fed daily with whole milk and ready to share.',
  category: 'dairy',
  subcategory: 'kefir',
  starterType: 'Kefir grains',
  location: 'Portland, Oregon',
};

type SceneInput = Omit<Scene, 'password'>;

/**
 * Makes a test's members, their listings and what passed between them in one call to the test
 * server's seeding route (POST /api/test/scene, TEST_CLOCK=1 only; decision 170), then opens a
 * browser context per member signed in with the session the route started for them: a saved
 * sign-in, no sign-in request. Each step of the scene goes through the service its real route
 * calls, so the pages show what those requests would have left.
 */
export async function seedScene<M extends string>(
  browser: Browser,
  request: APIRequestContext,
  scene: SceneInput & { members: Array<{ key: M } & SceneInput['members'][number]> },
  contextOptions: BrowserContextOptions = {},
  /** Members who act in a page the test has already (its `page`): signed in there instead. */
  pages: Partial<Record<M, Page>> = {},
): Promise<SeededScene<M>> {
  const res = await request.post('/api/test/scene', {
    data: {
      ...scene,
      password: E2E_PASSWORD,
      listings: scene.listings?.map((l) => ({ ...l, fields: { ...KEFIR_FIELDS, ...l.fields } })),
    },
  });
  if (!res.ok()) throw new Error(`seeding the scene failed: ${res.status()} ${await res.text()}`);
  const made = (await res.json()) as {
    members: Record<M, { id: string; email: string; firstName: string; session: string }>;
    listings: Record<string, number>;
    made: number[];
  };
  const url = new URL(res.url()).origin;
  const members = {} as Record<M, SceneMember>;
  const opened: BrowserContext[] = [];
  for (const [key, m] of Object.entries(made.members) as Array<[M, (typeof made.members)[M]]>) {
    const given = pages[key];
    const context = given?.context() ?? (await browser.newContext(contextOptions));
    if (!given) opened.push(context);
    await context.addCookies([{ name: 'cs_session', value: m.session, url }]);
    const { session: _session, ...who } = m;
    members[key] = { ...who, name: m.firstName, context, page: given ?? (await context.newPage()) };
  }
  return {
    members,
    listings: made.listings,
    made: made.made,
    close: async () => {
      for (const context of opened) await context.close();
    },
  };
}
