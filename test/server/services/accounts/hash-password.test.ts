/** Passwords are argon2id PHC strings with today's parameters; anything else verifies as a mismatch. */
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  ARGON2_PARAMETERS,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../../../server/services/accounts/hash-password.ts';

describe('hashPassword / verifyPassword', () => {
  it('makes an argon2id hash with the chosen parameters and a random salt', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    const { memoryCost, timeCost, parallelism } = ARGON2_PARAMETERS;
    expect(a).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryCost},t=${timeCost},p=${parallelism}\\$`));
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(a, 'correct horse batterY')).toBe(false);
  });

  it('never matches without a stored hash, or with a malformed one', async () => {
    expect(await verifyPassword(null, 'not a password: stands in for an unknown account')).toBe(false);
    expect(await verifyPassword('$argon2id$garbage', 'anything')).toBe(false);
    expect(await verifyPassword('', 'anything')).toBe(false);
  });

  it('says when a hash was made with other parameters (or another algorithm)', async () => {
    expect(needsRehash(await hashPassword('x'.repeat(12)))).toBe(false);
    expect(needsRehash(await hash('x'.repeat(12), { memoryCost: 19456, timeCost: 2 }))).toBe(true);
    expect(needsRehash(await hash('x'.repeat(12), { ...ARGON2_PARAMETERS, algorithm: 1 as never }))).toBe(
      true,
    );
    expect(needsRehash('not a hash')).toBe(true);
  });
});
