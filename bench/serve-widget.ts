/**
 * A server for the widget benchmark, in its own process: `shiplog` (the real app on PGlite with a
 * project and 20 published entries of real release notes) or `bare` (plain Fastify replying the same
 * bytes, precomputed). Prints `{"url", "bytes"}` on stdout once listening.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connect.ts';
import { migrate } from '../server/db/migrate.ts';
import { createEntry } from '../server/services/create-entry.ts';
import { createProject } from '../server/services/manage-projects.ts';
import { loadReleases } from '../test/fixtures/releases/load-releases.ts';

const mode = process.argv[2];
const body = process.argv[3];

if (mode === 'bare') {
  const bytes = Buffer.from(body ?? '', 'base64');
  const app = Fastify();
  app.get('/api/widget/:slug', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(bytes),
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
} else {
  const dataDir = await mkdtemp(join(tmpdir(), 'shiplog-bench-'));
  const config = loadConfig({ SHIPLOG_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const db = await openDatabase({ dataDir });
  await migrate(db.sql);
  const app = await buildApp({ config, db });
  const { project } = await createProject(db.sql, { name: 'Bench', slug: 'bench', plan: 'pro' });
  for (const release of loadReleases().slice(0, 20)) {
    await createEntry(app.shiplog, project.id, {
      title: `${release.repo} ${release.tag}`,
      body: release.releaseNotes,
      version: release.tag,
      category: 'announcement',
      visibility: 'external',
      publish: true,
    });
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const bytes = Buffer.from(await (await fetch(`${url}/api/widget/bench`)).arrayBuffer());
  process.stdout.write(`${JSON.stringify({ url, bytes: bytes.toString('base64') })}\n`);
}
