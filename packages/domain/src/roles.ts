/** Role names (spec 1 §6). Roles are found by name in the user's roles list. */
export const ROLE = {
  User: 'User',
  Admin: 'Admin',
  /** The super admin; also seen as SUPER_ADMIN. */
  SuperAdmin: 'FSLRAdmin',
  Manager: 'Manager',
  ITAdmin: 'ITAdmin',
} as const satisfies Record<string, string>;

export type RoleName = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_NAMES: readonly RoleName[] = Object.values(ROLE);

/** Role lists arrive as names or as `{role: {name}}` objects (spec 1 §3 User.roles). */
export type RoleList = readonly (string | { role?: { name?: string | null } | null; name?: string | null })[];

function roleName(entry: RoleList[number]): string | undefined {
  if (typeof entry === 'string') return entry;
  return entry.role?.name ?? entry.name ?? undefined;
}

export function hasRole(roles: RoleList | null | undefined, role: string): boolean {
  if (!roles) return false;
  const wanted = role === 'SUPER_ADMIN' ? ROLE.SuperAdmin : role;
  return roles.some((entry) => {
    const name = roleName(entry);
    return name === wanted || (wanted === ROLE.SuperAdmin && name === 'SUPER_ADMIN');
  });
}

export const isSuperAdmin = (roles: RoleList | null | undefined): boolean => hasRole(roles, ROLE.SuperAdmin);
export const isAdmin = (roles: RoleList | null | undefined): boolean => hasRole(roles, ROLE.Admin);
export const isITAdmin = (roles: RoleList | null | undefined): boolean => hasRole(roles, ROLE.ITAdmin);
/** 'Any admin' means admin or super admin. */
export const isAnyAdmin = (roles: RoleList | null | undefined): boolean =>
  isAdmin(roles) || isSuperAdmin(roles);

/** How the product names each role (spec 1 §6: ITAdmin is shown as 'IT Admin'). */
export const ROLE_LABELS: Record<RoleName, string> = {
  User: 'User',
  Admin: 'Admin',
  FSLRAdmin: 'Super Admin',
  Manager: 'Manager',
  ITAdmin: 'IT Admin',
};

/** The role name of a role given by name, label or alias ('IT Admin', 'SUPER_ADMIN'), any case. */
export function roleByName(value: string): RoleName | undefined {
  const key = value.replace(/[\s_-]+/g, '').toLowerCase();
  if (key === 'superadmin') return ROLE.SuperAdmin;
  return ROLE_NAMES.find((name) => name.toLowerCase() === key);
}

/**
 * Who manages the users of a company (invite, change role, disable, delete, reset passwords,
 * reassign assets): its admins and IT admins (spec 1 §2: the company page and users/{userID} are the
 * pages IT admins reach), and super admins in any company. Users and managers do not.
 */
export const canManageUsers = (roles: RoleList | null | undefined): boolean =>
  isAdmin(roles) || isITAdmin(roles) || isSuperAdmin(roles);

/** The roles a user manager may give: all but super admin, which only a super admin gives. */
export function assignableRoles(roles: RoleList | null | undefined): RoleName[] {
  if (!canManageUsers(roles)) return [];
  const all: RoleName[] = [ROLE.User, ROLE.Manager, ROLE.Admin, ROLE.ITAdmin];
  return isSuperAdmin(roles) ? [...all, ROLE.SuperAdmin] : all;
}
