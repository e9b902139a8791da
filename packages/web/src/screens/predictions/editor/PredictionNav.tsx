/** The prediction's pages (spec 1 §2 children of prediction/{predictionID}) as tabs. */
import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { usePredictionEditor } from './editorContext.ts';

export const PREDICTION_PAGES = [
  { value: 'overview', label: 'Overview' },
  { value: 'environmental-conditions', label: 'Environmental Conditions' },
  { value: 'model-choices', label: 'Model Choices' },
  { value: 'block-array-builder', label: 'Block Array Builder' },
  { value: 'block-array-builder-quick-edit', label: 'Quick Edit' },
  { value: 'system', label: 'System' },
  { value: 'nodal-export-options', label: 'Nodal Export Options' },
  { value: 'results', label: 'Results' },
] as const;

export function currentPage(pathname: string, predictionId: number): string {
  // …/prediction/{predictionId}/{page}: found by the 'prediction' segment, so that a project id
  // equal to the prediction id cannot be mistaken for it.
  const parts = pathname.split('/').filter(Boolean);
  const index = parts.findIndex((part, i) => part === 'prediction' && parts[i + 1] === String(predictionId));
  const page = index >= 0 ? (parts[index + 2] ?? 'overview') : 'overview';
  return PREDICTION_PAGES.some((entry) => entry.value === page) ? page : 'overview';
}

export function PredictionNav() {
  const editor = usePredictionEditor();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const base = `/projects/${editor.projectId}/prediction/${editor.predictionId}`;
  return (
    <Tabs
      value={currentPage(pathname, editor.predictionId)}
      onChange={(value) => value && navigate(`${base}/${value}`)}
    >
      <Tabs.List aria-label="Prediction pages">
        {PREDICTION_PAGES.map((page) => (
          <Tabs.Tab key={page.value} value={page.value}>
            {page.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
