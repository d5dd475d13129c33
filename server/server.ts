/**
 * `shiplog serve` / `npm start`: build, listen, shut down gracefully on SIGTERM/SIGINT (stop accepting,
 * finish in-flight requests, close the pool, release the lock, exit 0).
 */
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { openServer } from './open-server.ts';

const config = loadConfig();
const { app, close } = await openServer(config);
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await close();
});
await app.listen({ port: config.port, host: config.host });
