/**
 * `shiplog serve` / `npm start`: build, listen, shut down gracefully on SIGTERM/SIGINT (stop accepting,
 * finish in-flight requests, close the pool, release the lock, exit 0). Losing the data-directory lock
 * while running exits 1 at once: another process may own the directory now.
 */
import closeWithGrace from 'close-with-grace';
import type { Config } from './config.ts';
import { openServer } from './open-server.ts';

export async function serve(config: Config): Promise<void> {
  const { app, close } = await openServer(config, { onLockLost: () => process.exit(1) });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await close();
  });
  await app.listen({ port: config.port, host: config.host });
}
