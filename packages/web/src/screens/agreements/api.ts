/** The agreement calls (spec 2 §7.3, §7.11) and the login-notification check run once per sign-in. */
import {
  AGREEMENTS,
  type AgreementKind,
  type ApiAgreementAcceptance,
  type ApiLoginNotification,
} from '@sunfield/domain';
import { api } from '../../api/client.ts';
import { onSignOut } from '../../auth/session.ts';

export interface AgreementStatus {
  agreement: AgreementKind;
  requested: boolean;
  agreements: {
    agreement: AgreementKind;
    version: number;
    title: string;
    route: string;
    yours: boolean;
    acceptance: ApiAgreementAcceptance | null;
    currentDecision: 'accepted' | 'bypassed' | null;
  }[];
}

export const agreementStatusKey = ['user', 'migrationAgreement'] as const;

export const fetchAgreementStatus = () =>
  api<AgreementStatus>('/User/MigrationAgreement', { background: true });

export function decideAgreement(kind: AgreementKind, accept: boolean) {
  const agreement = AGREEMENTS[kind];
  return api<{ decision: string; decidedDate: string }>(agreement.decisionPath, {
    method: 'POST',
    body: { version: agreement.version, accept },
  });
}

export interface LoginNotificationEntry {
  id: number;
  companyId: string | null;
  companyName: string | null;
  createdDate: string;
}

export const loginNotificationsKey = ['loginNotifications'] as const;

export const listLoginNotifications = () => api<LoginNotificationEntry[]>('/LoginNotification');
export const publishLoginNotification = (companyId: string | null) =>
  api<{ id: number }>('/LoginNotification', { method: 'POST', body: { companyId } });
export const removeLoginNotification = (id: number) =>
  api<boolean>(`/LoginNotification/${id}`, { method: 'DELETE' });

export const AGREEMENT_PATHS: readonly string[] = Object.values(AGREEMENTS).map((a) => a.route);

/** The user the login notifications were fetched for in this session (once per sign-in). */
let checkedFor: string | null = null;
onSignOut(() => {
  checkedFor = null;
});

/**
 * What to open after sign-in (spec 1 §2 login notifications): the route of the first notification
 * with the page the user was going to as redirectUri, or null. Asked once per signed-in user.
 */
export async function loginNotificationTarget(userId: string, here: string): Promise<string | null> {
  if (checkedFor === userId) return null;
  checkedFor = userId;
  let list: ApiLoginNotification[];
  try {
    list = await api<ApiLoginNotification[]>('/LoginNotification/GetNotifications', { background: true });
  } catch {
    checkedFor = null;
    return null;
  }
  const first = list[0];
  if (!first) return null;
  const path = here.split('?')[0] ?? here;
  if (AGREEMENT_PATHS.includes(path)) return null;
  return `${first.route}?redirectUri=${encodeURIComponent(here)}`;
}
