/**
 * Which controls the users screens show (pure, unit-tested): the server's rules of
 * docs/permissions.md, so that nothing is offered that the server would refuse.
 */
import { canManageUsers, isSuperAdmin, type RoleList } from '@sunfield/domain';

export interface Viewer {
  id: string;
  companyId: string;
  roles: RoleList;
}

export interface Target {
  id: string;
  companyId: string;
  roles: RoleList;
}

/** May the viewer invite into, and manage the users of, this company? */
export const managesCompany = (viewer: Viewer | null | undefined, companyId: string | undefined): boolean =>
  !!viewer &&
  !!companyId &&
  canManageUsers(viewer.roles) &&
  (isSuperAdmin(viewer.roles) || viewer.companyId === companyId);

/**
 * May the viewer change this user (role, status, delete, password, assets)? Never their own account,
 * and a super admin only when the viewer is one.
 */
export function managesUser(viewer: Viewer | null | undefined, target: Target | null | undefined): boolean {
  if (!viewer || !target || target.id === viewer.id) return false;
  if (!managesCompany(viewer, target.companyId)) return false;
  return !isSuperAdmin(target.roles) || isSuperAdmin(viewer.roles);
}
