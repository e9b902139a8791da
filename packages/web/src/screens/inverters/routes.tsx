/**
 * Inverter routes (spec 1 §2): /inverter-library, and /inverter/{inverterID optional} with the tabs
 * efficiency, temperature-elevation-kva and pq-curves. The inverter page has the 'inverter' page
 * scope (its tabs pass freely); the library has none, so leaving unsaved changes for it asks first.
 */
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { EfficiencyTab, PqCurvesTab } from './detail/CurveTab.tsx';
import { InverterScreen } from './detail/InverterScreen.tsx';
import { KvaTab } from './detail/KvaTab.tsx';
import { InverterLibraryScreen } from './list/InverterLibraryScreen.tsx';

/** /inverter and /inverter/{id} open the efficiency tab (keeping the router state of an import). */
function FirstTab() {
  const location = useLocation();
  return <Navigate to="efficiency" replace state={location.state as unknown} />;
}

export const inverterRoutes: RouteObject[] = [
  {
    path: 'inverter-library',
    handle: { title: 'Inverter Library' },
    element: <InverterLibraryScreen />,
  },
  {
    path: 'inverter/:inverterID?',
    handle: { title: 'Inverter', pageScope: 'inverter' },
    element: <InverterScreen />,
    children: [
      { index: true, element: <FirstTab /> },
      { path: 'efficiency', element: <EfficiencyTab /> },
      { path: 'temperature-elevation-kva', element: <KvaTab /> },
      { path: 'pq-curves', element: <PqCurvesTab /> },
    ],
  },
];
