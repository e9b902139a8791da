/**
 * Project routes (spec 1 §2): / (projects list), /create-project/, /projects/{projectID},
 * /projects/{type}/import (a project, or with a project id predictions into it) and
 * /projects/{cloneID}/clone.
 * The web-shell mounts these inside the signed-in layout.
 */
import type { RouteObject } from 'react-router';
import { CreateProjectScreen } from './create/CreateProjectScreen.tsx';
import { ProjectScreen } from './detail/ProjectScreen.tsx';
import { CloneProjectScreen } from './clone/CloneProjectScreen.tsx';
import { ImportScreen } from './import/ImportProjectScreen.tsx';
import { ProjectsScreen } from './list/ProjectsScreen.tsx';

export const projectRoutes: RouteObject[] = [
  { index: true, element: <ProjectsScreen /> },
  { path: 'create-project', element: <CreateProjectScreen /> },
  { path: 'projects/:projectID', element: <ProjectScreen /> },
  { path: 'projects/:type/import', element: <ImportScreen /> },
  { path: 'projects/:cloneID/clone', element: <CloneProjectScreen /> },
];
