import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/auth/passwords.ts';

describe('password hashing', () => {
  it('hashes with argon2id at 64 MiB, 3 passes, 4 lanes (the integration harness lowers it, the product never)', async () => {
    const hash = await hashPassword('Sunfield-2026!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await verifyPassword(hash, 'Sunfield-2026!')).toBe(true);
    expect(await verifyPassword(hash, 'sunfield-2026!')).toBe(false);
    expect(await verifyPassword('not a hash', 'Sunfield-2026!')).toBe(false);
  });
});
