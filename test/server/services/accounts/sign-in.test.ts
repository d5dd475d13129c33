/**
 * Sign-in does the same work for an unknown email as for a wrong password (one argon2 verification),
 * so its time tells nothing; a hash made with older parameters is replaced at the next sign-in.
 */
import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertUser } from '../../../../server/db/users.ts';
import { signIn } from '../../../../server/services/accounts/sign-in.ts';
import { newId } from '../../../../server/db/new-id.ts';
import { buildTestServer, type TestServer } from '../../../helpers/build-server.ts';
import { createUser, PASSWORD } from '../../../helpers/dashboard.ts';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer({}, { workers: false });
});
afterAll(() => server.close());

describe('signIn', () => {
  it('verifies one argon2 hash whether the account exists or not', async () => {
    const user = await createUser(server);
    const verify = vi.mocked(argon2.verify);
    await signIn(server.app.shiplog, 'nobody@example.com', 'a wrong password').catch(() => {});
    const forUnknown = verify.mock.calls.length;
    verify.mockClear();
    await signIn(server.app.shiplog, user.email, 'a wrong password').catch(() => {});
    const forWrong = verify.mock.calls.length;
    verify.mockClear();
    expect(forUnknown).toBe(1);
    expect(forWrong).toBe(1);
  });

  it('replaces a hash made with older parameters, and the password still works', async () => {
    const email = 'old-hash@example.com';
    const old = await argon2.hash(PASSWORD, { memoryCost: 19456, timeCost: 2 });
    await insertUser(server.db.sql, { id: newId('usr'), email, passwordHash: old });
    await signIn(server.app.shiplog, email, PASSWORD);
    const [row] = await server.db.sql<
      { passwordHash: string }[]
    >`select password_hash from users where email = ${email}`;
    expect(row!.passwordHash).not.toBe(old);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,t=6,p=1\$/);
    await signIn(server.app.shiplog, email, PASSWORD);
  });
});
