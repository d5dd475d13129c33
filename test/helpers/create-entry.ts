/** Create an entry through the API (201 asserted) and return its id. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export async function createEntry(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/entries',
    headers,
    payload: { body: 'x', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry.id;
}
