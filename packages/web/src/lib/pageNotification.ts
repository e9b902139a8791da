/**
 * The page notification banner's state (spec 1 §2, spec 2 §9.1): a notification set on a page is
 * shown there and on the next page, and cleared after one route change.
 */
import { createStore, useStore } from './store.ts';

export type PageNotificationType = 'error' | 'warning' | 'announcement';

export interface PageNotification {
  type: PageNotificationType;
  message: string;
  dismissable?: boolean;
}

export interface PageNotificationState {
  notification: PageNotification | null;
  /** Route changes the notification still survives. */
  changesLeft: number;
}

export const PAGE_NOTIFICATION_ROUTE_CHANGES = 1;

export function afterRouteChange(state: PageNotificationState): PageNotificationState {
  if (!state.notification) return state;
  if (state.changesLeft > 0) return { notification: state.notification, changesLeft: state.changesLeft - 1 };
  return { notification: null, changesLeft: 0 };
}

export const pageNotification = createStore<PageNotificationState>({ notification: null, changesLeft: 0 });

/** Counts route changes (spec 1 §2: any route other than the cancelled ones). */
export const routeChangeCount = createStore(0);

export function showPageNotification(notification: PageNotification): void {
  pageNotification.set({ notification, changesLeft: PAGE_NOTIFICATION_ROUTE_CHANGES });
}

export function clearPageNotification(): void {
  pageNotification.set({ notification: null, changesLeft: 0 });
}

export function noteRouteChange(): void {
  routeChangeCount.set((n) => n + 1);
  pageNotification.set(afterRouteChange);
}

export function usePageNotification(): PageNotification | null {
  return useStore(pageNotification).notification;
}
