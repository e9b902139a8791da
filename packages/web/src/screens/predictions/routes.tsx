/**
 * Prediction routes (spec 1 §2): /projects/{projectID}/prediction/{predictionID}/… with its pages
 * (page scope 'prediction': moving between them passes freely; leaving with unsaved changes asks),
 * /projects/{projectID}/compare?ids=… and /prediction-log.
 */
import { Navigate, type RouteObject } from 'react-router';
import { BlockArrayBuilderPage } from './builder/BlockArrayBuilderPage.tsx';
import { QuickEditPage } from './builder/QuickEditPage.tsx';
import { CompareScreen } from './compare/CompareScreen.tsx';
import { PredictionScreen } from './editor/PredictionScreen.tsx';
import { PredictionLogScreen } from './log/PredictionLogScreen.tsx';
import { EnvironmentalConditionsPage } from './pages/EnvironmentalConditionsPage.tsx';
import { ModelChoicesPage } from './pages/ModelChoicesPage.tsx';
import { NodalExportOptionsPage } from './pages/NodalExportOptionsPage.tsx';
import { OverviewPage } from './pages/OverviewPage.tsx';
import { SystemPage } from './pages/SystemPage.tsx';
import { ResultsBlocksPage } from './results/ResultsBlocksPage.tsx';
import { ResultsChartsPage } from './results/ResultsChartsPage.tsx';
import { ResultsLayout } from './results/ResultsLayout.tsx';
import { ResultsOverviewPage } from './results/ResultsOverviewPage.tsx';
import { ResultsTablePage } from './results/ResultsTablePage.tsx';

export const predictionRoutes: RouteObject[] = [
  {
    // Without an id there is nothing to edit: new predictions are created from the project page.
    path: 'projects/:projectID/prediction',
    element: <Navigate to=".." relative="path" replace />,
  },
  {
    path: 'projects/:projectID/prediction/:predictionID',
    handle: { title: 'Prediction', pageScope: 'prediction' },
    element: <PredictionScreen />,
    children: [
      { index: true, element: <Navigate to="overview" replace /> },
      { path: 'overview', element: <OverviewPage /> },
      { path: 'environmental-conditions', element: <EnvironmentalConditionsPage /> },
      { path: 'model-choices', element: <ModelChoicesPage /> },
      { path: 'system', element: <SystemPage /> },
      // Professional-only (docs/subscriptions.md): the server refuses the nodal export calls too.
      {
        path: 'nodal-export-options',
        handle: { requiresProfessional: true },
        element: <NodalExportOptionsPage />,
      },
      { path: 'block-array-builder', element: <BlockArrayBuilderPage /> },
      { path: 'block-array-builder-quick-edit', element: <QuickEditPage /> },
      {
        path: 'results',
        element: <ResultsLayout />,
        children: [
          { index: true, element: <Navigate to="overview" replace /> },
          { path: 'overview', element: <ResultsOverviewPage /> },
          { path: 'blocks', element: <ResultsBlocksPage /> },
          { path: 'table', element: <ResultsTablePage /> },
          { path: 'charts', element: <ResultsChartsPage /> },
        ],
      },
      { path: '*', element: <Navigate to="overview" replace /> },
    ],
  },
  {
    path: 'projects/:projectID/compare',
    handle: { title: 'Compare Predictions' },
    element: <CompareScreen />,
  },
  { path: 'prediction-log', handle: { title: 'Prediction Log' }, element: <PredictionLogScreen /> },
];
