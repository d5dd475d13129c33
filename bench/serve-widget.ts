/**
 * A server for the widget benchmarks, in its own process: `shiplog` (the real app with a project and 20
 * published entries of real release notes; on PGlite, or with `shiplog <postgres-url> [seed|join]` on
 * PostgreSQL, `join` being a second instance on a database already seeded), `locales <de,fr>` (the same
 * on PGlite, the project listing those locales and every entry translated into each) or `bare` (plain
 * Fastify replying the same bytes, precomputed). Prints `{"url", "bytes"}` on stdout once listening.
 */
import Fastify from 'fastify';
import { openWidgetApp } from './open-widget-app.ts';

const [mode, arg, role] = process.argv.slice(2);

if (mode === 'bare') {
  const bytes = Buffer.from(arg ?? '', 'base64');
  const app = Fastify();
  app.get('/api/widget/:slug', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(bytes),
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
} else {
  const options =
    mode === 'locales'
      ? { locales: (arg ?? '').split(',').filter(Boolean) }
      : arg
        ? { databaseUrl: arg, seed: role !== 'join' }
        : {};
  const { app } = await openWidgetApp(options);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const bytes = Buffer.from(await (await fetch(`${url}/api/widget/bench`)).arrayBuffer());
  process.stdout.write(`${JSON.stringify({ url, bytes: bytes.toString('base64') })}\n`);
}
