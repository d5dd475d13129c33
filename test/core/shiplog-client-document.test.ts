/**
 * The typed client (core/shiplog-client.ts) against the API document: every method of the client is
 * called on a real server, and every request it makes is an operation of /openapi.json (method and
 * path template) whose request schema its body matches; every answer matches the document too. A new
 * client method that is not called here fails the last test.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { createShiplogClient, type ShiplogClient } from '../../core/shiplog-client.ts';
import { useTestServer } from '../helpers/build-server.ts';
import { createConformance, type Conformance } from '../helpers/openapi-conformance.ts';

const { server, owner } = useTestServer({}, { workers: false });
let conformance: Conformance;
let client: ShiplogClient;
const operationsByMethod = new Map<string, Set<string>>();

/** A `fetch` that answers from the server (inject) and holds request and answer to the document. */
function documentedFetch(method: keyof ShiplogClient): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(String(input));
    const body = typeof init.body === 'string' ? init.body : undefined;
    const verb = init.method ?? 'GET';
    const name = conformance.checkRequest(verb, url.pathname, body);
    const res = await server.app.inject({
      method: verb as 'GET',
      url: url.pathname + url.search,
      headers: init.headers as Record<string, string>,
      ...(body === undefined ? {} : { payload: body }),
    });
    conformance.check(verb, url.pathname, res);
    const seen = operationsByMethod.get(method) ?? new Set<string>();
    operationsByMethod.set(method, seen.add(name));
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
}

/** The client whose calls are recorded as `method`'s. */
const clientFor = (method: keyof ShiplogClient) =>
  createShiplogClient({
    baseUrl: server.config.publicUrl,
    apiKey: owner.apiKey,
    fetch: documentedFetch(method),
  });

beforeAll(async () => {
  const document: OpenAPIV3_1.Document = (await server.app.inject({ url: '/openapi.json' })).json();
  conformance = createConformance(document);
  client = {
    generate: (...args) => clientFor('generate').generate(...args),
    getEntry: (...args) => clientFor('getEntry').getEntry(...args),
    updateEntry: (...args) => clientFor('updateEntry').updateEntry(...args),
    publishEntry: (...args) => clientFor('publishEntry').publishEntry(...args),
    deleteEntry: (...args) => clientFor('deleteEntry').deleteEntry(...args),
    listEntries: (...args) => clientFor('listEntries').listEntries(...args),
    importEntries: (...args) => clientFor('importEntries').importEntries(...args),
  };
});

describe('the Shiplog client and the API document', () => {
  it('drafts, reads, edits, publishes and deletes through documented operations only', async () => {
    const generated = await client.generate(
      {
        commits: ['feat: faster search', 'fix: crash on save'],
        version: 'v1.2.0',
        repository: 'o/r',
        source: { release: 'v1.2.0' },
      },
      'client-document-1',
    );
    const id = generated.entry.id;
    expect((await client.getEntry(id)).id).toBe(id);
    expect((await client.updateEntry(id, { title: 'Faster search' })).editedAt).not.toBeNull();
    expect((await client.publishEntry(id)).status).toBe('published');
    await client.deleteEntry(id);
    await expect(client.getEntry(id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('lists entries by origin and imports a history through documented operations only', async () => {
    expect((await client.listEntries({ origin: 'import', limit: 1 })).entries).toEqual([]);
    const imported = await client.importEntries(
      {
        releases: [{ version: 'v1.0.0', publishedAt: '2024-01-02T00:00:00Z', notes: '- First release.' }],
        repository: 'o/r',
      },
      'client-document-import',
    );
    expect(imported).toMatchObject({ imported: 1, replaced: 0, replayed: false });
    const listed = await client.listEntries({ origin: 'import', limit: 1 });
    expect(listed.entries.map((e) => e.version)).toEqual(['1.0.0']);
  });

  it('called every method of the client, each through the operation its docstring names', () => {
    expect(Object.fromEntries([...operationsByMethod].map(([m, ops]) => [m, [...ops]]))).toEqual({
      generate: ['POST /api/v1/entries/generate'],
      getEntry: ['GET /api/v1/entries/{id}'],
      updateEntry: ['PATCH /api/v1/entries/{id}'],
      publishEntry: ['POST /api/v1/entries/{id}/publish'],
      deleteEntry: ['DELETE /api/v1/entries/{id}'],
      listEntries: ['GET /api/v1/entries'],
      importEntries: ['POST /api/v1/entries/import'],
    });
    const methods = Object.keys(createShiplogClient({ baseUrl: 'https://x', apiKey: 'k' })).sort();
    expect(methods).toEqual([...operationsByMethod.keys()].sort());
  });
});
