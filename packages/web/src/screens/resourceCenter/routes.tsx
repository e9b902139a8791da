/** /resource-center with its pages, and /contact (spec 1 §2). */
import { Navigate, type RouteObject } from 'react-router';
import { ContactScreen } from '../contact/ContactScreen.tsx';
import { ApiGuidePage } from './ApiGuidePage.tsx';
import { GettingStartedPage } from './GettingStartedPage.tsx';
import { ModelsPage } from './ModelsPage.tsx';
import { ResourceCenterScreen } from './ResourceCenterScreen.tsx';

export const resourceRoutes: RouteObject[] = [
  {
    path: 'resource-center',
    handle: { title: 'Resources' },
    element: <ResourceCenterScreen />,
    children: [
      { index: true, element: <Navigate to="getting-started" replace /> },
      { path: 'getting-started', element: <GettingStartedPage /> },
      { path: 'models', element: <ModelsPage /> },
      { path: 'api-guide', element: <ApiGuidePage /> },
    ],
  },
  { path: 'contact', handle: { title: 'Contact Us', itAdminAllowed: true }, element: <ContactScreen /> },
];
