/**
 * The sign-in's cost (issue 20, "Bench"): one argon2id verification with the chosen parameters (goal:
 * 50–250 ms on this machine), against the library's defaults (19 MiB, 2 passes) as the baseline;
 * and the whole `POST /api/dashboard/sign-in` on the embedded database, against `GET
 * /api/dashboard/session` (a request that verifies nothing). Medians of 15 rounds, in milliseconds.
 */
import { hash, verify } from '@node-rs/argon2';
import { insertUser } from '../server/db/users.ts';
import { ARGON2_PARAMETERS, hashPassword } from '../server/services/accounts/hash-password.ts';
import { newId } from '../server/db/new-id.ts';
import { openBenchApp } from './open-bench-app.ts';

const ROUNDS = 15;
const PASSWORD = 'correct horse battery staple';

const round = (ms: number) => Math.round(ms * 10) / 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.floor(sorted.length / 2)]!);
}

async function timeEach(run: () => Promise<unknown>): Promise<number[]> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

export async function signInBench(): Promise<Record<string, number>> {
  const stored = await hashPassword(PASSWORD);
  const chosen = await timeEach(() => verify(stored, PASSWORD));
  const defaults = await hash(PASSWORD);
  const baseline = await timeEach(() => verify(defaults, PASSWORD));

  const { app, db, close } = await openBenchApp({
    label: 'sign-in',
    env: { PUBLIC_URL: 'http://bench.test' },
  });
  try {
    await insertUser(db.sql, { id: newId('usr'), email: 'bench@example.com', passwordHash: stored });
    let cookie = '';
    const signIn = await timeEach(async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/dashboard/sign-in',
        headers: { origin: 'http://bench.test' },
        payload: { email: 'bench@example.com', password: PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}`);
      cookie = String(res.headers['set-cookie']).split(';')[0]!;
    });
    const session = await timeEach(() => app.inject({ url: '/api/dashboard/session', headers: { cookie } }));
    return {
      memoryKiB: ARGON2_PARAMETERS.memoryCost,
      passes: ARGON2_PARAMETERS.timeCost,
      lanes: ARGON2_PARAMETERS.parallelism,
      verifyMedianMs: median(chosen),
      verifyMinMs: round(Math.min(...chosen)),
      verifyMaxMs: round(Math.max(...chosen)),
      libraryDefaultsVerifyMedianMs: median(baseline),
      signInEndpointMedianMs: median(signIn),
      sessionEndpointMedianMs: median(session),
    };
  } finally {
    await close();
  }
}
