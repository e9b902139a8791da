import { describe, expect, it } from 'vitest';
import { decideEntry, mergeFlags } from '../src/auth/guard.ts';
import { managesCompany, managesUser } from '../src/screens/companyUsers/model.ts';

const person = (id: string, companyId: string, role: string) => ({
  id,
  companyId,
  roles: [{ role: { name: role } }],
});

describe('company users screens: who manages whom', () => {
  const admin = person('a', 'c1', 'Admin');
  const itAdmin = person('i', 'c1', 'ITAdmin');
  const manager = person('m', 'c1', 'Manager');
  const member = person('u', 'c1', 'User');
  const superAdmin = person('s', 'c2', 'FSLRAdmin');
  const colleagueSuper = person('t', 'c1', 'FSLRAdmin');
  const outsider = person('o', 'c2', 'User');

  it('offers invitations to admins and IT admins of the company, and super admins anywhere', () => {
    expect(managesCompany(admin, 'c1')).toBe(true);
    expect(managesCompany(itAdmin, 'c1')).toBe(true);
    expect(managesCompany(manager, 'c1')).toBe(false);
    expect(managesCompany(member, 'c1')).toBe(false);
    expect(managesCompany(admin, 'c2')).toBe(false);
    expect(managesCompany(superAdmin, 'c1')).toBe(true);
    expect(managesCompany(undefined, 'c1')).toBe(false);
  });

  it('never offers changes to one’s own account, and a super admin only to super admins', () => {
    expect(managesUser(admin, member)).toBe(true);
    expect(managesUser(itAdmin, admin)).toBe(true);
    expect(managesUser(admin, admin)).toBe(false);
    expect(managesUser(manager, member)).toBe(false);
    expect(managesUser(admin, outsider)).toBe(false);
    expect(managesUser(admin, colleagueSuper)).toBe(false);
    expect(managesUser(superAdmin, colleagueSuper)).toBe(true);
    expect(managesUser(superAdmin, member)).toBe(true);
  });
});

describe('company users routes and the IT admin guard', () => {
  const itAdmin = {
    companyId: 'c1',
    roles: [{ role: { name: 'ITAdmin' } }],
    eulaAcceptedStatus: true,
    professionalStatus: false,
    company: { allowPVRADARExtension: false },
  };

  it('lets IT admins open the users page, a user and its reassign-assets page (spec 1 §2)', async () => {
    const { companyUserRoutes } = await import('../src/screens/companyUsers/routes.tsx');
    const [usersPage, userPage] = companyUserRoutes;
    const signedIn = { requiresAuth: true };
    const pages = [
      ['/companies/c1/users', [signedIn, usersPage?.handle]],
      ['/users/u1', [signedIn, userPage?.handle]],
      ['/users/u1/reassign-assets', [signedIn, userPage?.handle, userPage?.children?.[1]?.handle]],
    ] as const;
    for (const [path, handles] of pages) {
      const flags = mergeFlags(handles);
      expect(decideEntry(flags, 'signedIn', itAdmin, path).kind, path).toBe('allow');
    }
    expect(mergeFlags([signedIn, usersPage?.handle]).pageScope).toBe('company');
    expect(userPage?.children?.[1]?.path).toBe('reassign-assets');
  });
});
