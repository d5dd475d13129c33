/**
 * The admin socket: while `shiplog serve` owns the embedded database, the CLI's project and key
 * commands are carried out by that server over a Unix socket in the data directory, mode 0600, so only
 * the same OS user reaches it (docs/configuration.md#configuration).
 *
 * Protocol: `POST /commands/<name>` with the command's arguments as JSON → 200 `{"output": "…"}`, or
 * the problem document of the error the command threw.
 */
import { chmod, rm } from 'node:fs/promises';
import {
  createServer,
  type IncomingMessage,
  request as httpRequest,
  type Server,
  type ServerResponse,
} from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { PROBLEM_CODES, type ProblemCode } from '../../core/contract/problem.ts';
import { ShiplogError } from '../errors/errors.ts';
import { ADMIN_COMMANDS, type AdminContext, type CommandArgs } from './admin-commands.ts';

export function adminSocketPath(dataDir: string): string {
  return join(dataDir, 'shiplog.sock');
}

/** An error the server reported for a delegated command; `code` is the problem code. */
export class RemoteCommandError extends ShiplogError {}

function readBody(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

const RequestSchema = z.object({
  name: z.enum(Object.keys(ADMIN_COMMANDS) as [string, ...string[]]),
  args: z.record(z.string(), z.unknown()),
});

/** Parse one admin request: `POST /commands/<name>` with a JSON object body. @returns null if malformed. */
function parseRequest(method: string | undefined, url: string, body: string) {
  if (method !== 'POST' || !url.startsWith('/commands/')) return null;
  let name: string;
  let args: unknown;
  try {
    name = decodeURIComponent(url.slice('/commands/'.length));
    args = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = RequestSchema.safeParse({ name, args });
  return parsed.success ? { command: ADMIN_COMMANDS[parsed.data.name]!, args: parsed.data.args } : null;
}

/** Listen on the admin socket. Call only while holding the data-directory lock. */
export async function serveAdminSocket(
  dataDir: string,
  ctx: AdminContext,
  onError: (err: unknown) => void,
): Promise<Server> {
  const path = adminSocketPath(dataDir);
  await rm(path, { force: true });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    try {
      const request = parseRequest(req.method, req.url ?? '', await readBody(req));
      if (!request) return reply(400, { code: 'invalid', detail: 'not a known admin command' });
      reply(200, { output: await request.command(ctx, request.args as CommandArgs) });
    } catch (err) {
      if (err instanceof ShiplogError) return reply(err.status, { code: err.code, detail: err.message });
      onError(err);
      reply(500, { code: 'internal', detail: 'the server failed to run the command; see its log' });
    }
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, resolve);
  });
  await chmod(path, 0o600);
  return server;
}

/** Run `name` in the server that owns `dataDir`. @throws RemoteCommandError with the server's message. */
export async function callAdminSocket(dataDir: string, name: string, args: CommandArgs): Promise<string> {
  const body = JSON.stringify(args);
  const response = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        socketPath: adminSocketPath(dataDir),
        method: 'POST',
        path: `/commands/${encodeURIComponent(name)}`,
        headers: { 'content-type': 'application/json' },
      },
      (res) => void readBody(res).then((text) => resolve({ status: res.statusCode ?? 500, text }), reject),
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        ['ENOENT', 'ECONNREFUSED'].includes(err.code ?? '')
          ? new RemoteCommandError(
              'internal',
              `the Shiplog server that holds ${dataDir} is not answering on its admin socket (starting or stopping?); retry in a moment`,
            )
          : err,
      ),
    );
    req.end(body);
  });
  const parsed = JSON.parse(response.text) as { output?: string; code?: string; detail?: string };
  if (response.status === 200 && parsed.output !== undefined) return parsed.output;
  const code = (parsed.code && parsed.code in PROBLEM_CODES ? parsed.code : 'internal') as ProblemCode;
  throw new RemoteCommandError(code, parsed.detail ?? 'the server failed to run the command');
}
