import { describe, expect, it } from 'vitest';
import { AGREEMENTS, agreementFor, agreementToShow } from '../src/agreements.ts';

describe('data-migration agreements (spec 1 §2)', () => {
  it('gives each role its agreement: super admin, then admin, then everyone else', () => {
    expect(agreementFor(['FSLRAdmin', 'Admin']).route).toBe('/super-admin-agreement');
    expect(agreementFor([{ role: { name: 'SUPER_ADMIN' } }]).kind).toBe('superAdmin');
    expect(agreementFor(['Admin']).route).toBe('/admin-agreement');
    for (const role of ['User', 'Manager', 'ITAdmin']) expect(agreementFor([role]).route).toBe('/agreement');
    expect(agreementFor(null).kind).toBe('migration');
  });

  it('shows it when asked, until the current version is accepted or bypassed', () => {
    const version = AGREEMENTS.migration.version;
    expect(agreementToShow(['User'], false, [])).toBeNull();
    expect(agreementToShow(['User'], true, [])?.kind).toBe('migration');
    expect(
      agreementToShow(['User'], true, [{ agreement: 'migration', version, decision: 'accepted' }]),
    ).toBeNull();
    expect(
      agreementToShow(['User'], true, [{ agreement: 'migration', version, decision: 'bypassed' }]),
    ).toBeNull();
    // An older version, or another role's agreement, does not count.
    expect(
      agreementToShow(['User'], true, [
        { agreement: 'migration', version: version - 1, decision: 'accepted' },
      ])?.kind,
    ).toBe('migration');
    expect(
      agreementToShow(['Admin'], true, [{ agreement: 'migration', version, decision: 'accepted' }])?.kind,
    ).toBe('admin');
  });

  it('has a title, a route, a decision call and text for each agreement', () => {
    for (const agreement of Object.values(AGREEMENTS)) {
      expect(agreement.version).toBeGreaterThanOrEqual(1);
      expect(agreement.sections.length).toBeGreaterThan(1);
      expect(agreement.decisionPath).toMatch(/^\/(User|Company)\//);
    }
  });
});
