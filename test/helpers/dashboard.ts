/**
 * Dashboard users for tests: accounts made directly in the database (the setup and invitation flows
 * have tests of their own), signed in over HTTP, with the headers a browser's same-origin calls carry.
 */
import { beforeAll } from 'vitest';
import type { Role } from '../../server/db/memberships.ts';
import { insertMembership } from '../../server/db/memberships.ts';
import { insertUser } from '../../server/db/users.ts';
import { hashPassword } from '../../server/services/accounts/hash-password.ts';
import { newId } from '../../server/db/new-id.ts';
import type { TestServer } from './build-server.ts';

export const PASSWORD = 'correct horse battery staple';

export type SignedInUser = {
  id: string;
  email: string;
  /** The session cookie, as a `Cookie` header value. */
  cookie: string;
  csrfToken: string;
  /** Cookie, same-origin `Origin` and `X-CSRF-Token`: what the dashboard's own calls send. */
  headers: Record<string, string>;
};

let counter = 0;
let passwordHash: Promise<string> | undefined;

/** A new account (its email unique in the run), member of `projects` with the given roles. */
export async function createUser(
  server: TestServer,
  memberships: { projectId: string; role: Role }[] = [],
  email = `user${process.pid}-${++counter}@example.com`,
): Promise<{ id: string; email: string }> {
  passwordHash ??= hashPassword(PASSWORD);
  const user = await insertUser(server.db.sql, { id: newId('usr'), email, passwordHash: await passwordHash });
  for (const m of memberships) await insertMembership(server.db.sql, { ...m, userId: user.id });
  return { id: user.id, email: user.email };
}

/** The `Cookie` value of a response's session cookie. */
export function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('shiplog_session='));
  if (!found) throw new Error(`no session cookie in ${JSON.stringify(setCookie)}`);
  return found.split(';')[0]!;
}

/** Sign in over HTTP. @throws when sign-in fails. */
export async function signIn(server: TestServer, email: string, password = PASSWORD): Promise<SignedInUser> {
  const origin = new URL(server.config.publicUrl).origin;
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/dashboard/sign-in',
    headers: { origin },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ user: { id: string; email: string }; csrfToken: string }>();
  const cookie = sessionCookieOf(res.headers['set-cookie']);
  return {
    id: body.user.id,
    email: body.user.email,
    cookie,
    csrfToken: body.csrfToken,
    headers: { cookie, origin, 'x-csrf-token': body.csrfToken },
  };
}

/** A new account with those memberships, signed in. */
export async function signedInUser(
  server: TestServer,
  memberships: { projectId: string; role: Role }[] = [],
): Promise<SignedInUser> {
  const user = await createUser(server, memberships);
  return signIn(server, user.email);
}

/** The headers of a new signed-in member of `project` with `role`, for its /api/v1 calls. */
export async function memberHeaders(
  server: TestServer,
  project: { id: string; slug: string },
  role: Role,
): Promise<Record<string, string>> {
  const user = await signedInUser(server, [{ projectId: project.id, role }]);
  return { ...user.headers, 'shiplog-project': project.slug };
}

/**
 * {@link memberHeaders} for the whole test file, made in `beforeAll` after the hooks registered before
 * this call (the server's); `project` is called then. The object is filled in place.
 */
export function useMemberHeaders(
  server: TestServer,
  project: () => { id: string; slug: string },
  role: Role,
): Record<string, string> {
  const headers: Record<string, string> = {};
  beforeAll(async () => {
    Object.assign(headers, await memberHeaders(server, project(), role));
  });
  return headers;
}

/**
 * One signed-in user for the whole test file, made in `beforeAll` after the hooks registered before
 * this call (the server's); `memberships` is called then. The object is filled in place.
 */
export function useSignedInUser(
  server: TestServer,
  memberships: () => { projectId: string; role: Role }[],
): SignedInUser {
  const user = {} as SignedInUser;
  beforeAll(async () => {
    Object.assign(user, await signedInUser(server, memberships()));
  });
  return user;
}

/**
 * A role matrix's answers: for each action, the HTTP status each caller got, called in turn (actions
 * in order, callers in order, so fixtures an action makes are each caller's own).
 */
export async function matrixAnswers<W extends string>(
  actions: Record<string, (who: W) => Promise<number>>,
  callers: readonly W[],
): Promise<Record<string, Record<string, number>>> {
  const actual: Record<string, Record<string, number>> = {};
  for (const [action, run] of Object.entries(actions)) {
    actual[action] = {};
    for (const who of callers) actual[action][who] = await run(who);
  }
  return actual;
}
