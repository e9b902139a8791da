/**
 * Weather routes (spec 1 §2), mounted inside the signed-in layout by router.tsx: the library, its
 * compare, import, generate, add-weather-data and api-weather-import pages, /weather (redirects to
 * the library) and /weather/{weatherID} with its tabs (/charts, /raw-data, /quality, /tools). All carry
 * page scope 'weather'.
 */
import { Navigate, type RouteObject } from 'react-router';
import type { RouteHandle } from '../../auth/guard.ts';
import { CompareScreen } from './compare/CompareScreen.tsx';
import { WeatherScreen } from './detail/WeatherScreen.tsx';
import { GenerateScreen } from './generate/GenerateScreen.tsx';
import { ImportScreen } from './import/ImportScreen.tsx';
import { WeatherLibraryScreen } from './list/WeatherLibraryScreen.tsx';
import { AddWeatherDataScreen } from './providers/AddWeatherDataScreen.tsx';

const handle = (title: string): RouteHandle => ({ title, pageScope: 'weather' });

export const weatherRoutes: RouteObject[] = [
  { path: 'weather-library', handle: handle('Weather Library'), element: <WeatherLibraryScreen /> },
  { path: 'weather-library/compare', handle: handle('Compare Weather'), element: <CompareScreen /> },
  { path: 'weather-library/import', handle: handle('Import Weather'), element: <ImportScreen /> },
  { path: 'weather-library/generate', handle: handle('Generate Weather'), element: <GenerateScreen /> },
  {
    path: 'weather-library/add-weather-data',
    handle: handle('Add Weather Data'),
    element: <AddWeatherDataScreen />,
  },
  {
    path: 'weather-library/api-weather-import',
    handle: handle('API Weather Import'),
    element: <AddWeatherDataScreen title="API Weather Import" />,
  },
  {
    path: 'api-weather-import',
    handle: handle('API Weather Import'),
    element: <AddWeatherDataScreen title="API Weather Import" />,
  },
  { path: 'weather', element: <Navigate to="/weather-library" replace /> },
  // The detail and its tabs, one route so that switching tabs keeps the screen mounted: charts,
  // raw-data, quality, tools (WeatherScreen.tsx TAB_PATHS).
  { path: 'weather/:weatherID/:tab?', handle: handle('Weather'), element: <WeatherScreen /> },
];
