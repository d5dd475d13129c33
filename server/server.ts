/**
 * `shiplog serve` / `npm start`: build, listen, shut down gracefully on SIGTERM/SIGINT (stop accepting,
 * finish in-flight requests, close the pool, release the lock, exit 0). Losing the data-directory lock
 * while running exits 1 at once: another process may own the directory now. An uncaught error shuts
 * down gracefully and exits 1, except a promise rejected because the database is unreachable, which is
 * logged (see {@link onUnhandledRejection}).
 */
import closeWithGrace from 'close-with-grace';
import type { Config } from './config.ts';
import { isDatabaseUnavailable } from './db/database-unavailable.ts';
import { openServer } from './open-server.ts';

/**
 * @throws Error naming the port when it is taken (EADDRINUSE) or not ours to use (EACCES), after
 *   closing what was opened, so that `shiplog serve` exits 1 rather than running without listening.
 */
export async function serve(config: Config): Promise<void> {
  const { app, greet, close } = await openServer(config, { onLockLost: () => process.exit(1) });
  // Installed before listening: a SIGTERM that arrives as soon as the port is open is graceful too.
  const grace = closeWithGrace({ delay: 10_000, skip: ['unhandledRejection'] }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await close();
  });
  const onRejection = onUnhandledRejection(app.log);
  process.on('unhandledRejection', onRejection);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    grace.uninstall();
    process.removeListener('unhandledRejection', onRejection);
    await close();
    throw listenError(err, config);
  }
  // A SIGTERM may already be closing the database: the hint is then not worth an error.
  await greet().catch((err: unknown) => app.log.debug({ err }, 'first-run hint skipped'));
}

/**
 * What a promise rejected with no handler does to the server. One rejected because the database is
 * unreachable (db/database-unavailable.ts) is logged at warn and the server stays up: the driver settles
 * every query of a connection that breaks with the same error, so a query whose caller had moved on
 * (one of several started together, the first of which failed) rejects unobserved, and nothing waits
 * for its answer. Requests meanwhile answer 503 and jobs are retried (docs/deployment.md#scaling).
 * Any other reason is a defect: it goes to close-with-grace as an uncaught exception, so the server
 * shuts down gracefully and exits 1 as before.
 */
function onUnhandledRejection(log: { warn: (obj: object, msg: string) => void }) {
  return (reason: unknown): void => {
    if (isDatabaseUnavailable(reason)) {
      log.warn(
        { err: reason },
        'a database call failed with nobody waiting for it: the database is unreachable',
      );
      return;
    }
    process.emit('uncaughtException', reason instanceof Error ? reason : new Error(String(reason)));
  };
}

function listenError(err: unknown, config: Config): Error {
  const code = (err as { code?: unknown }).code;
  const where = `${config.host}:${config.port}`;
  if (code === 'EADDRINUSE')
    return new Error(
      `port ${config.port} is in use (${where}): another Shiplog or another program listens there; stop it, or start this one with PORT=<another port>`,
    );
  if (code === 'EACCES')
    return new Error(`cannot listen on ${where}: permission denied; choose PORT above 1023`);
  return err as Error;
}
