import { describe, expect, it } from 'vitest';
import { DEFINITIONS } from '../src/definitions.ts';
import { ROLE, ROLE_NAMES, hasRole, isAdmin, isAnyAdmin, isITAdmin, isSuperAdmin } from '../src/roles.ts';

describe('roles', () => {
  it('has the role names of spec 1 §6, as the definitions do', () => {
    expect(ROLE_NAMES).toEqual(['User', 'Admin', 'FSLRAdmin', 'Manager', 'ITAdmin']);
    expect(DEFINITIONS.RoleEnum.values.map((v) => v.name)).toEqual(ROLE_NAMES);
  });

  it('finds roles given as names or as {role: {name}} / {name} objects', () => {
    expect(hasRole(['Admin'], ROLE.Admin)).toBe(true);
    expect(hasRole([{ role: { name: 'Manager' } }], ROLE.Manager)).toBe(true);
    expect(hasRole([{ name: 'ITAdmin' }], ROLE.ITAdmin)).toBe(true);
    expect(hasRole([{ role: null }, { role: { name: null } }], ROLE.User)).toBe(false);
    expect(hasRole(null, ROLE.User)).toBe(false);
    expect(hasRole([], ROLE.User)).toBe(false);
  });

  it('treats SUPER_ADMIN and FSLRAdmin as the same role', () => {
    expect(isSuperAdmin(['SUPER_ADMIN'])).toBe(true);
    expect(isSuperAdmin([{ role: { name: 'FSLRAdmin' } }])).toBe(true);
    expect(hasRole(['FSLRAdmin'], 'SUPER_ADMIN')).toBe(true);
    expect(isSuperAdmin(['Admin'])).toBe(false);
  });

  it('says any admin for admins and super admins only', () => {
    expect(isAnyAdmin(['Admin'])).toBe(true);
    expect(isAnyAdmin(['FSLRAdmin'])).toBe(true);
    expect(isAnyAdmin(['ITAdmin'])).toBe(false);
    expect(isAnyAdmin(['User', 'Manager'])).toBe(false);
    expect(isAdmin(['FSLRAdmin'])).toBe(false);
    expect(isITAdmin(['ITAdmin', 'User'])).toBe(true);
  });
});
