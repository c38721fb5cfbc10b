import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASK_HELP_LISTING } from '../../../common/listings/asks';
import { PARENT_INVALID } from '../../../common/cultures/cultures';
import { ID_MAX, idField } from '../../../common/site/ids';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../test/app';

/**
 * A row id in a request body follows the rule of a path's id (common/site/ids.ts): a whole number
 * from 1 to the largest integer id, as JSON or in plain digits; anything else is a 400 naming
 * the field, never a 500 from a database that cannot hold it.
 */

const MALFORMED: unknown[] = [
  0,
  -1,
  1.5,
  ID_MAX + 1,
  3e9,
  '01',
  '+1',
  '1e3',
  '0x10',
  ' 1',
  'abc',
  String(ID_MAX + 1),
  true,
  [1],
];

describe('idField', () => {
  const starterId = idField('Invalid starter');

  it('takes whole numbers from 1 to the largest id, as numbers or plain digits', () => {
    expect(starterId.parse(1)).toBe(1);
    expect(starterId.parse('42')).toBe(42);
    expect(starterId.parse(ID_MAX)).toBe(ID_MAX);
    expect(starterId.parse(String(ID_MAX))).toBe(ID_MAX);
  });

  it.each(MALFORMED)('refuses %j with the field’s message', (value) => {
    const result = starterId.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid starter');
  });
});

describe('every id a request body carries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  type Who = Awaited<ReturnType<typeof signedInMember>>;
  /** A call whose body names an id; `bad` stands in for it. */
  interface BodyId {
    name: string;
    field: string;
    message: string;
    call: (bad: unknown) => Promise<{ statusCode: number; json(): unknown; body: string }>;
  }

  let cases: BodyId[] = [];
  beforeAll(async () => {
    const member: Who = await signedInMember(t.db);
    const other: Who = await signedInMember(t.db);
    const moderator: Who = await signedInMember(t.db, { isModerator: true });
    const starter = await createStarterRow(t.db, member.user.id);
    const ask = await t.call(other, 'POST', '/api/asks', {
      category: 'dairy',
      subcategory: 'kefir',
      location: 'Leeds, England, United Kingdom',
    });
    expect(ask.statusCode, ask.body).toBe(201);
    const askId = (ask.json() as { id: number }).id;
    cases = [
      {
        name: 'a message’s listing',
        field: 'starterId',
        message: 'Invalid starter',
        call: (bad) =>
          t.call(member, 'POST', '/api/messages', {
            starterId: bad,
            receiverId: other.user.id,
            content: 'Hello',
          }),
      },
      {
        name: 'the newest message read',
        field: 'upTo',
        message: 'upTo must be a message id',
        call: (bad) =>
          t.call(member, 'POST', `/api/messages/starter/${starter.id}/read`, {
            with: other.user.id,
            upTo: bad,
          }),
      },
      {
        name: 'the listing offered to an ask',
        field: 'starterId',
        message: ASK_HELP_LISTING,
        call: (bad) =>
          t.call(member, 'POST', `/api/asks/${askId}/help`, { starterId: bad, content: 'Mine' }),
      },
      {
        name: 'a reported listing',
        field: 'starterId',
        message: 'Invalid starter',
        call: (bad) => t.call(other, 'POST', '/api/reports', { starterId: bad, reason: 'spam' }),
      },
      {
        name: 'the report a sanction answers',
        field: 'reportId',
        message: 'Invalid report ID',
        call: (bad) =>
          t.call(moderator, 'POST', '/api/moderation/sanctions', {
            userId: other.user.id,
            kind: 'ban',
            reason: 'Spam',
            reportId: bad,
          }),
      },
      {
        name: 'the culture a listing grew from',
        field: 'parentId',
        message: PARENT_INVALID,
        call: (bad) => t.call(member, 'PATCH', `/api/starters/${starter.id}`, { parentId: bad }),
      },
    ];
  });

  it('answers 400 naming the field for a malformed id, never 500', async () => {
    expect(cases).toHaveLength(6);
    for (const { name, field, message, call } of cases) {
      for (const bad of [3e9, ID_MAX + 1, '1e3', -1, 1.5, 'abc']) {
        const res = await call(bad);
        const what = `${name}: ${JSON.stringify(bad)}`;
        expect(res.statusCode, `${what} ${res.body}`).toBe(400);
        expect(res.json(), what).toMatchObject({ fields: { [field]: message } });
      }
    }
  });
});
