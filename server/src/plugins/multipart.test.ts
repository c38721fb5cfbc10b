import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInMember, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('multipart bodies', () => {
  it('reach only the routes that read a form; JSON routes answer 415', async () => {
    const { cookie } = await signedInMember(t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nnew_name\r\n--x--\r\n',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });
});
