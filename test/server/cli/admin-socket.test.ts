/**
 * The admin socket survives whatever a local client sends: a malformed percent-encoding in the path,
 * a body that is not a JSON object, an unknown command. It answers 400 and keeps serving.
 */
import { request } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminSocketPath, callAdminSocket, serveAdminSocket } from '../../../server/admin/admin-socket.ts';
import { buildTestServer, type TestServer } from '../../helpers/build-server.ts';

let server: TestServer;
let socket: Server;
const errors: unknown[] = [];

beforeAll(async () => {
  server = await buildTestServer();
  socket = await serveAdminSocket(server.config.dataDir, { sql: server.db.sql }, (err) => errors.push(err));
});
afterAll(async () => {
  await new Promise((resolve) => socket.close(resolve));
  await server.close();
});

function send(path: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath: adminSocketPath(server.config.dataDir), method: 'POST', path },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

it('answers 400 to malformed requests and keeps serving', async () => {
  for (const [path, body] of [
    ['/commands/%E0%A4%A', '{}'],
    ['/commands/projects.create', 'not json'],
    ['/commands/projects.create', '[1,2]'],
    ['/commands/no.such.command', '{}'],
    ['/elsewhere', '{}'],
  ] as const) {
    const res = await send(path, body);
    expect(res.status, path).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'invalid' });
  }
  const output = await callAdminSocket(server.config.dataDir, 'projects.create', {
    name: 'Still here',
    slug: 'still-here',
    plan: 'pro',
  });
  expect(output).toContain('Created project "Still here"');
  expect(errors).toEqual([]);
});
