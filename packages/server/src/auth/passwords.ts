/** Password hashing with argon2id (RFC 9106) through the argon2 package. */
import argon2 from 'argon2';

/** The cost of a new hash: the argon2 package's defaults (64 MiB, 3 passes, 4 lanes) unless a test lowers it. */
let cost: { memoryCost?: number; timeCost?: number; parallelism?: number } = {};

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}

/** Verifies with the parameters stored in the hash itself, whatever the current cost. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * For the test harness only: hashes at argon2's minimum cost, so that the hundreds of sign-ups of
 * the integration suites do not spend minutes of CPU (120 ms a hash on 4 threads at the default
 * cost). Nothing in the product calls it.
 */
export function useMinimalPasswordCostForTests(): void {
  cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
}
