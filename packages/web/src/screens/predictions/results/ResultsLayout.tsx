/** results/{overview|blocks|table|charts} (spec 1 §2) as sub-tabs under the prediction page. */
import { Alert, Center, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { usePredictionEditor } from '../editor/editorContext.ts';
import { isProcessing } from '../model/types.ts';
import { useResultSummary } from '../queries.ts';

export const RESULT_PAGES = [
  { value: 'overview', label: 'Overview' },
  { value: 'blocks', label: 'Blocks' },
  { value: 'table', label: 'Table' },
  { value: 'charts', label: 'Charts' },
] as const;

export function ResultsLayout() {
  const editor = usePredictionEditor();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const last = pathname.split('/').filter(Boolean).pop() ?? 'overview';
  const value = RESULT_PAGES.some((page) => page.value === last) ? last : 'overview';
  const summary = useResultSummary(editor.projectId, editor.predictionId);
  const base = `/projects/${editor.projectId}/prediction/${editor.predictionId}/results`;
  return (
    <Stack gap="md">
      <SegmentedControl
        w="fit-content"
        value={value}
        data={RESULT_PAGES.map((page) => ({ value: page.value, label: page.label }))}
        onChange={(next) => navigate(`${base}/${next}`)}
        aria-label="Result pages"
      />
      {summary.isPending ? (
        <Center p="xl">
          <Loader aria-label="Loading results" />
        </Center>
      ) : summary.data ? (
        <Outlet />
      ) : (
        <Alert color="gray" title="No results yet">
          <Text size="sm">
            {isProcessing(editor.processing.status)
              ? 'The prediction is running; its results appear here when it completes.'
              : 'Run the prediction to see its results.'}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
