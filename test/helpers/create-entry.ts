/** Entries made through the API for tests (POST /api/v1/entries, 201 asserted). */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Create an entry (`body` defaults to "x") and return the API's entry object. */
export async function postEntry(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): Promise<{ id: string; slug: string } & Record<string, unknown>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/entries',
    headers,
    payload: { body: 'x', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry;
}

/** Create an entry (`body` defaults to "x") and return its id. */
export async function createEntry(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): Promise<string> {
  return (await postEntry(app, headers, body)).id;
}
