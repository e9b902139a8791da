import { describe, expect, it } from 'vitest';
import { ROLE_LABELS, assignableRoles, canManageUsers, roleByName } from '../src/roles.ts';

describe('user management roles', () => {
  it('reads a role by name, label or alias in any case', () => {
    expect(roleByName('ITAdmin')).toBe('ITAdmin');
    expect(roleByName('IT Admin')).toBe('ITAdmin');
    expect(roleByName('it_admin')).toBe('ITAdmin');
    expect(roleByName('SUPER_ADMIN')).toBe('FSLRAdmin');
    expect(roleByName('fslradmin')).toBe('FSLRAdmin');
    expect(roleByName('manager')).toBe('Manager');
    expect(roleByName('Wizard')).toBeUndefined();
    expect(ROLE_LABELS.ITAdmin).toBe('IT Admin');
  });

  it('lets admins, IT admins and super admins manage users; only super admins give super admin', () => {
    expect(canManageUsers(['User'])).toBe(false);
    expect(canManageUsers(['Manager'])).toBe(false);
    expect(canManageUsers(['Admin'])).toBe(true);
    expect(canManageUsers([{ role: { name: 'ITAdmin' } }])).toBe(true);
    expect(canManageUsers(['SUPER_ADMIN'])).toBe(true);
    expect(assignableRoles(['User'])).toEqual([]);
    expect(assignableRoles(['Admin'])).toEqual(['User', 'Manager', 'Admin', 'ITAdmin']);
    expect(assignableRoles(['ITAdmin'])).not.toContain('FSLRAdmin');
    expect(assignableRoles(['FSLRAdmin'])).toContain('FSLRAdmin');
  });
});
