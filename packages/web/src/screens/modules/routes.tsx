/**
 * Module routes (spec 1 §2): /module-library (route name module.library), /module-library/generate,
 * /module-library/key-iv, /module-library/full-iv-curves, and /module/{moduleID optional}/{tab} with
 * the tabs 1-diode, charts, spectral, metastability, shading, iam and modeling-defaults.
 */
import type { RouteObject } from 'react-router';
import { ModuleScreen } from './detail/ModuleScreen.tsx';
import { FullIvCurvesScreen } from './generator/FullIvCurvesScreen.tsx';
import { GenerateModuleScreen } from './generator/GenerateModuleScreen.tsx';
import { KeyIvScreen } from './generator/KeyIvScreen.tsx';
import { ModuleLibraryScreen } from './list/ModuleLibraryScreen.tsx';

/** The module page has the 'module' page scope (its tabs pass freely); the other pages have none, so
 * leaving unsaved changes for them asks first. */
const handle = (title: string, pageScope?: 'module') => (pageScope ? { title, pageScope } : { title });

export const moduleRoutes: RouteObject[] = [
  { path: 'module-library', handle: handle('Module Library'), element: <ModuleLibraryScreen /> },
  { path: 'module-library/generate', handle: handle('Generate Module'), element: <GenerateModuleScreen /> },
  { path: 'module-library/key-iv', handle: handle('Key IV Points'), element: <KeyIvScreen /> },
  {
    path: 'module-library/full-iv-curves',
    handle: handle('Full IV Curves'),
    element: <FullIvCurvesScreen />,
  },
  { path: 'module', handle: handle('Module', 'module'), element: <ModuleScreen /> },
  { path: 'module/:moduleID', handle: handle('Module', 'module'), element: <ModuleScreen /> },
  { path: 'module/:moduleID/:tab', handle: handle('Module', 'module'), element: <ModuleScreen /> },
];
