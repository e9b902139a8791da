/**
 * Company-users routes (spec 1 §2): /companies/{companyID}/users (the company's users) and
 * /users/{userID} with reassign-assets. IT admins may open both (spec 1 §2 route guard).
 */
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../auth/guard.ts';
import { CompanyUsersPage } from './CompanyUsersPage.tsx';
import { ReassignAssetsPage } from './ReassignAssetsPage.tsx';
import { UserDetailsPage, UserScreen } from './UserScreen.tsx';

const handle = (flags: RouteHandle): RouteHandle => flags;

export const companyUserRoutes: RouteObject[] = [
  {
    path: 'companies/:companyID/users',
    handle: handle({ title: 'Users', itAdminAllowed: true, pageScope: 'company' }),
    element: <CompanyUsersPage />,
  },
  {
    path: 'users/:userID',
    handle: handle({ title: 'User', itAdminAllowed: true }),
    element: <UserScreen />,
    children: [
      { index: true, element: <UserDetailsPage /> },
      { path: 'reassign-assets', element: <ReassignAssetsPage /> },
    ],
  },
];
