/**
 * /subscription (IT admins allowed, spec 1 §2) and /manage-accounts (super admins; others are sent
 * to the projects list, and the API refuses them).
 */
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../auth/guard.ts';
import { ManageAccountsPage } from '../manageAccounts/ManageAccountsPage.tsx';
import { SubscriptionPage } from './SubscriptionPage.tsx';

const handle = (flags: RouteHandle): RouteHandle => flags;

export const subscriptionRoutes: RouteObject[] = [
  {
    path: 'subscription',
    handle: handle({ title: 'Subscription', itAdminAllowed: true }),
    element: <SubscriptionPage />,
  },
  {
    path: 'manage-accounts',
    handle: handle({ title: 'Manage Accounts' }),
    element: <ManageAccountsPage />,
  },
];
