/**
 * The route table (spec 1 §2), history mode. Flags in each route's `handle` (auth/guard.ts):
 * requiresAuth, itAdminAllowed, requiresProfessional, openInNewTab, pageScope, pvradar.
 */
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import type { RouteHandle } from './auth/guard.ts';
import { AuthenticatorScreen } from './screens/authenticator/AuthenticatorScreen.tsx';
import { EulaScreen } from './screens/eula/EulaScreen.tsx';
import { ForgotPasswordScreen } from './screens/forgotPassword/ForgotPasswordScreen.tsx';
import { LoginScreen } from './screens/login/LoginScreen.tsx';
import { LogoutScreen } from './screens/logout/LogoutScreen.tsx';
import { NotFoundScreen } from './screens/notFound/NotFoundScreen.tsx';
import { AgreementScreen } from './screens/agreements/AgreementScreen.tsx';
import { changeStatusRoutes } from './screens/changeStatus/routes.tsx';
import { companyRoutes } from './screens/company/routes.tsx';
import { companyUserRoutes } from './screens/companyUsers/routes.tsx';
import { inverterRoutes } from './screens/inverters/routes.tsx';
import { moduleRoutes } from './screens/modules/routes.tsx';
import { predictionRoutes } from './screens/predictions/routes.tsx';
import { projectRoutes } from './screens/projects/routes.tsx';
import { resourceRoutes } from './screens/resourceCenter/routes.tsx';
import { subscriptionRoutes } from './screens/subscription/routes.tsx';
import { weatherRoutes } from './screens/weather/routes.tsx';
import { SignUpScreen } from './screens/signUp/SignUpScreen.tsx';
import { AboutUserPage } from './screens/userProfile/AboutUserPage.tsx';
import { AccessibilityPage } from './screens/userProfile/AccessibilityPage.tsx';
import { UserProfileScreen } from './screens/userProfile/UserProfileScreen.tsx';
import { WeatherVendorsProfilePage } from './screens/userProfile/WeatherVendorsProfilePage.tsx';
import { AppLayout } from './shell/AppLayout.tsx';
import { PublicLayout } from './shell/PublicLayout.tsx';
import { RootLayout } from './shell/RootLayout.tsx';
import { setRouteTable } from './shell/routeFlags.ts';

const handle = (flags: RouteHandle): RouteHandle => flags;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        handle: handle({ requiresAuth: false }),
        children: [
          { path: 'login', element: <LoginScreen /> },
          { path: 'signUp', element: <SignUpScreen /> },
          { path: 'forgotPassword', element: <ForgotPasswordScreen /> },
          { path: 'authenticator', element: <AuthenticatorScreen /> },
        ],
      },
      { path: 'logout', handle: handle({ requiresAuth: false }), element: <LogoutScreen /> },
      { path: 'eula', handle: handle({ requiresAuth: true, itAdminAllowed: true }), element: <EulaScreen /> },
      {
        element: <AppLayout />,
        handle: handle({ requiresAuth: true }),
        children: [
          ...projectRoutes,
          ...predictionRoutes,
          ...weatherRoutes,
          ...inverterRoutes,
          ...moduleRoutes,
          ...changeStatusRoutes,
          ...companyUserRoutes,
          {
            path: 'agreement',
            handle: handle({ itAdminAllowed: true }),
            element: <AgreementScreen kind="migration" />,
          },
          {
            path: 'admin-agreement',
            handle: handle({ itAdminAllowed: true }),
            element: <AgreementScreen kind="admin" />,
          },
          {
            path: 'super-admin-agreement',
            handle: handle({ itAdminAllowed: true }),
            element: <AgreementScreen kind="superAdmin" />,
          },
          ...resourceRoutes,
          ...subscriptionRoutes,
          ...companyRoutes,
          {
            path: 'user-profile',
            element: <UserProfileScreen />,
            children: [
              { index: true, element: <Navigate to="about-user" replace /> },
              { path: 'about-user', element: <AboutUserPage /> },
              { path: 'weather-vendors', element: <WeatherVendorsProfilePage /> },
              { path: 'accessibility', element: <AccessibilityPage /> },
            ],
          },
          { path: 'pvradar', handle: handle({ pvradar: true }), element: null },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

setRouteTable(routes);

export const router = createBrowserRouter(routes);
