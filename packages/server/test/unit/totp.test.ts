import { describe, expect, it } from 'vitest';
import { totpStep } from '../../src/commands/totp.ts';

/**
 * Authenticator codes through otplib 13 are the RFC 6238 ones (SHA-1, 6 digits, 30 s), so the apps
 * set up under otplib 12 keep working: the RFC's SHA-1 test vectors, last six digits.
 */
describe('totpStep', () => {
  // The RFC's key "12345678901234567890" (20 bytes, as our secrets), in base32.
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('accepts the RFC 6238 codes at their time and returns their step', () => {
    expect(totpStep(secret, '287082', 59_000)).toBe(1);
    expect(totpStep(secret, '081804', 1_111_111_109_000)).toBe(37_037_036);
    expect(totpStep(secret, '050471', 1_111_111_111_000)).toBe(37_037_037);
    expect(totpStep(secret, '005924', 1_234_567_890_000)).toBe(41_152_263);
  });

  it('allows one step of clock drift either way, no more', () => {
    const at = 1_234_567_890_000; // step 41152263
    expect(totpStep(secret, '005924', at + 30_000)).toBe(41_152_263);
    expect(totpStep(secret, '005924', at - 30_000)).toBe(41_152_263);
    expect(totpStep(secret, '005924', at + 90_000)).toBeNull();
  });

  it('refuses codes that are not six digits, and spaces do not matter', () => {
    expect(totpStep(secret, '005 924', 1_234_567_890_000)).toBe(41_152_263);
    expect(totpStep(secret, '5924', 1_234_567_890_000)).toBeNull();
    expect(totpStep(secret, 'abcdef', 1_234_567_890_000)).toBeNull();
  });
});
