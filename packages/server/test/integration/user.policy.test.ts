import { describe, expect, it } from 'vitest';
import type { AuthContext, CompanyRow, UserRow } from '../../src/auth/context.ts';
import { canManageUserSecret, canReadUser, canUpdateUser } from '../../src/policies/user.ts';

const company = (id: string) => ({ id }) as CompanyRow;
const user = (id: string, companyId: string, roles: string[] = ['User']) =>
  ({ id, companyId, roles }) as UserRow;
const as = (u: UserRow): AuthContext => ({ user: u, company: company(u.companyId), tokenKind: 'session' });

describe('user policy', () => {
  const admin = user('a', 'c1', ['Admin']);
  const superAdmin = user('s', 'c1', ['FSLRAdmin']);
  const member = user('m', 'c1');
  const colleague = user('k', 'c1');
  const outsider = user('o', 'c2', ['Admin', 'FSLRAdmin']);

  it('lets anyone of the company read, nobody outside', () => {
    expect(canReadUser(as(member), colleague)).toBe(true);
    expect(canReadUser(as(outsider), member)).toBe(false);
  });

  it('lets users edit themselves and any admin edit company users', () => {
    expect(canUpdateUser(as(member), member)).toBe(true);
    expect(canUpdateUser(as(member), colleague)).toBe(false);
    expect(canUpdateUser(as(admin), colleague)).toBe(true);
    expect(canUpdateUser(as(superAdmin), member)).toBe(true);
    expect(canUpdateUser(as(outsider), member)).toBe(false);
  });

  it('applies the same rule to API credentials', () => {
    expect(canManageUserSecret(as(member), member)).toBe(true);
    expect(canManageUserSecret(as(member), admin)).toBe(false);
    expect(canManageUserSecret(as(outsider), admin)).toBe(false);
  });
});
