/**
 * The super admins' notification calls (server routes/general/notifications.ts): one page of every
 * notification (GET /Notification, total in X-Total-Count), publishing one (POST /Notification) and
 * removing one (DELETE /Notification/{id}).
 */
import { api, apiPage, type ListPage } from '../../api/client.ts';

/** NotificationType: Announcement 0, Warning 1, Error 2 (spec 1 §3). */
export const NOTIFICATION_TYPES = [
  { value: '0', label: 'Announcement' },
  { value: '1', label: 'Warning' },
  { value: '2', label: 'Error' },
] as const;

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_MESSAGE_MAX = 4000;

export const notificationAdminKeys = {
  all: ['manageAccounts', 'notifications'] as const,
  page: (page: number) => ['manageAccounts', 'notifications', page] as const,
};

export interface NotificationListItem {
  id: number;
  type: number;
  message: string;
  dismissable: boolean;
  /** null: every company */
  companyId: string | null;
  companyName: string | null;
  createdDate: string;
  dismissedCount: number;
}

export interface NotificationInput {
  type: number;
  message: string;
  dismissable: boolean;
  companyId: string | null;
}

export const typeLabel = (type: number): string =>
  NOTIFICATION_TYPES.find((entry) => entry.value === String(type))?.label ?? String(type);

export function listNotifications(
  page: number,
  signal?: AbortSignal,
): Promise<ListPage<NotificationListItem>> {
  return apiPage<NotificationListItem>(
    '/Notification',
    { skip: (page - 1) * NOTIFICATION_PAGE_SIZE, take: NOTIFICATION_PAGE_SIZE },
    { signal, background: true },
  );
}

export const publishNotification = (input: NotificationInput) =>
  api<{ id: number }>('/Notification', { method: 'POST', body: input, silent: true });

export const removeNotification = (id: number) => api<boolean>(`/Notification/${id}`, { method: 'DELETE' });
