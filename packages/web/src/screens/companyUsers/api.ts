/**
 * The company-users calls (spec 2 §7.3): the company's users, invite (POST /Company/{cid}/User), role,
 * status, delete, resend the welcome email, set a password and reassign a user's assets.
 */
import type { RoleName } from '@sunfield/domain';
import { api } from '../../api/client.ts';

export interface CompanyUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyId: string;
  /** UserStatusEnum: Disabled 0, Active 1, Pending 2 */
  status: number;
  roles: { role: { name: string } }[];
}

export interface Invitee {
  firstName: string;
  lastName: string;
  email: string;
  role: RoleName;
}

export interface AssetCounts {
  projects: number;
  predictions: number;
  modules: number;
  inverters: number;
  weather: number;
}

export const USER_STATUS_LABELS: Record<number, string> = { 0: 'Disabled', 1: 'Active', 2: 'Pending' };

export const fullName = (user: Pick<CompanyUser, 'firstName' | 'lastName'>): string =>
  `${user.firstName} ${user.lastName}`.trim();

export const roleOf = (user: CompanyUser): string => user.roles[0]?.role.name ?? 'User';

export const listCompanyUsers = (companyId: string, signal?: AbortSignal) =>
  api<CompanyUser[]>(`/Company/${companyId}/user`, { signal });

export const getUser = (id: string, signal?: AbortSignal) => api<CompanyUser>(`/User/${id}`, { signal });

export const inviteUsers = (companyId: string, users: Invitee[]) =>
  api<CompanyUser[]>(`/Company/${companyId}/User`, {
    method: 'POST',
    body: { companyID: companyId, users },
    silent: true,
  });

export const setRole = (id: string, role: string) =>
  api<CompanyUser>(`/User/${id}/Role`, { method: 'PUT', body: { userID: id, role } });

export const setStatus = (id: string, enabled: boolean) =>
  api<CompanyUser>(`/User/${id}/Status`, { method: 'PUT', body: { status: enabled ? 1 : 0 } });

export const deleteUser = (id: string) => api(`/User/Delete/${id}`, { method: 'DELETE', silent: true });

export const resendWelcome = (id: string) => api(`/User/${id}/ResendWelcomeEmail`, { method: 'POST' });

export const setUserPassword = (id: string, password: string, permanent: boolean) =>
  api(`/User/${id}/SetUserPassword`, { method: 'POST', body: { password, permanent }, silent: true });

export const ownedAssets = (id: string, signal?: AbortSignal) =>
  api<{ userId: string; owned: AssetCounts }>(`/users/${id}/reassign-assets`, { signal });

export const reassignAssets = (id: string, toUserId: string) =>
  api<{ reassigned: AssetCounts }>(`/users/${id}/reassign-assets`, { method: 'POST', body: { toUserId } });

/** One asset a user owns (GET /User/{id}/{x}/asset). Asset type: Project 1, Module 2, Inverter 3, Weather 4, Prediction 5. */
export interface OwnedAsset {
  assetType: 1 | 2 | 3 | 4 | 5;
  id: number;
  name: string;
  status: number;
  lastModified: string;
}

export const listOwnedAssets = (id: string, signal?: AbortSignal) =>
  api<OwnedAsset[]>(`/User/${id}/0/asset`, { signal });

export const reassignChosenAssets = (
  id: string,
  toUserId: string,
  assets: Pick<OwnedAsset, 'assetType' | 'id'>[],
) => api<{ reassigned: number }>(`/User/${id}/asset`, { method: 'POST', body: { toUserId, assets } });
