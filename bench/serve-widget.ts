/**
 * A server for the widget benchmark, in its own process: `shiplog` (the real app on PGlite with a
 * project and 20 published entries of real release notes) or `bare` (plain Fastify replying the same
 * bytes, precomputed). Prints `{"url", "bytes"}` on stdout once listening.
 */
import Fastify from 'fastify';
import { openWidgetApp } from './open-widget-app.ts';

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
  const { app } = await openWidgetApp();
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const bytes = Buffer.from(await (await fetch(`${url}/api/widget/bench`)).arrayBuffer());
  process.stdout.write(`${JSON.stringify({ url, bytes: bytes.toString('base64') })}\n`);
}
