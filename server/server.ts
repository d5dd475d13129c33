/**
 * `shiplog serve` / `npm start`: build, listen, shut down gracefully on SIGTERM/SIGINT (stop accepting,
 * finish in-flight requests, close the pool, release the lock, exit 0). Losing the data-directory lock
 * while running exits 1 at once: another process may own the directory now.
 */
import closeWithGrace from 'close-with-grace';
import type { Config } from './config.ts';
import { openServer } from './open-server.ts';

/**
 * @throws Error naming the port when it is taken (EADDRINUSE) or not ours to use (EACCES), after
 *   closing what was opened, so that `shiplog serve` exits 1 rather than running without listening.
 */
export async function serve(config: Config): Promise<void> {
  const { app, greet, close } = await openServer(config, { onLockLost: () => process.exit(1) });
  // Installed before listening: a SIGTERM that arrives as soon as the port is open is graceful too.
  const grace = closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await close();
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    grace.uninstall();
    await close();
    throw listenError(err, config);
  }
  // A SIGTERM may already be closing the database: the hint is then not worth an error.
  await greet().catch((err: unknown) => app.log.debug({ err }, 'first-run hint skipped'));
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
