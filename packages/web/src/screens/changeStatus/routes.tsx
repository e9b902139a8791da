/** /change-status/{module|inverter|weather|project|prediction} (spec 1 §2 Change Status screen). */
import type { RouteObject } from 'react-router';
import { ChangeStatusScreen } from './ChangeStatusScreen.tsx';

export const changeStatusRoutes: RouteObject[] = [
  {
    path: 'change-status/:type',
    handle: { title: 'Change Status' },
    element: <ChangeStatusScreen />,
  },
];
