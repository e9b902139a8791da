/**
 * /companies/{companyID} and its default-settings pages (spec 1 §2): company, allowed to IT admins,
 * page scope company. `/companies/{id}/default-settings` opens the first page; a page's name right
 * under the company (`/companies/{id}/simulation-settings`) opens it too.
 */
import { Navigate, type RouteObject } from 'react-router';
import { DEFAULT_SETTINGS_PAGES } from '@sunfield/domain';
import type { RouteHandle } from '../../auth/guard.ts';
import { CompanyOverview } from './CompanyOverview.tsx';
import { CompanyScreen } from './CompanyScreen.tsx';
import { DefaultSettingsPage } from './DefaultSettingsPage.tsx';
import { SingleSignOnPage } from './SingleSignOnPage.tsx';
import { WeatherVendorsPage } from './WeatherVendorsPage.tsx';

const flags: RouteHandle = { title: 'Company', itAdminAllowed: true, pageScope: 'company' };

export const companyRoutes: RouteObject[] = [
  {
    path: 'companies/:companyID',
    handle: flags,
    element: <CompanyScreen />,
    children: [
      { index: true, element: <CompanyOverview /> },
      // The company's OpenID Connect provider (issue 19; spec 2 §7.13).
      {
        path: 'single-sign-on',
        handle: { ...flags, title: 'Single Sign-On' },
        element: <SingleSignOnPage />,
      },
      {
        path: 'default-settings',
        children: [
          { index: true, element: <Navigate to={DEFAULT_SETTINGS_PAGES[0]!.path} replace /> },
          ...DEFAULT_SETTINGS_PAGES.map((page) => ({
            path: page.path,
            handle: { ...flags, title: page.title },
            element:
              page.path === 'weather-vendors' ? (
                <WeatherVendorsPage />
              ) : (
                <DefaultSettingsPage key={page.path} page={page} />
              ),
          })),
        ],
      },
      ...DEFAULT_SETTINGS_PAGES.map((page) => ({
        path: page.path,
        element: <Navigate to={`../default-settings/${page.path}`} replace />,
      })),
    ],
  },
];
