/**
 * Preloaded into a child process (`node --import`, Node's own type stripping): every TCP or socket connection it opens is written
 * to SHIPLOG_NETWORK_LOG (`host:port`, one a line), and any not listed in SHIPLOG_NETWORK_ALLOW
 * (comma-separated `host:port`) is refused. Catches what nock cannot: a bundled HTTP client (the
 * Action's undici) opens its sockets itself.
 */
import { appendFileSync } from 'node:fs';
import net from 'node:net';

const log = process.env.SHIPLOG_NETWORK_LOG;
const allowed = new Set((process.env.SHIPLOG_NETWORK_ALLOW ?? '').split(',').filter(Boolean));
const connect = net.Socket.prototype.connect;

type Target = { path?: string; host?: string; port?: number | string };

net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const first: unknown = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  const options: Target =
    typeof first === 'object' && first !== null
      ? (first as Target)
      : { port: first as number, host: args[1] as string };
  const target = options.path ? `unix:${options.path}` : `${options.host ?? 'localhost'}:${options.port}`;
  if (log) appendFileSync(log, `${target}\n`);
  if (!allowed.has(target)) {
    process.nextTick(() => this.destroy(new Error(`network guard: no connection to ${target}`)));
    return this;
  }
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
};
