/** Shown by the plant pages while the prediction has no power plant yet. */
import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePredictionEditor } from '../../editor/editorContext.ts';

export function NoPlantNotice({ what }: { what: string }) {
  const editor = usePredictionEditor();
  return (
    <Alert color="gray" title="No power plant yet">
      <Text size="sm">
        {what} belong to the power plant. Build it first in the{' '}
        <Anchor
          component={Link}
          to={`/projects/${editor.projectId}/prediction/${editor.predictionId}/block-array-builder`}
          size="sm"
        >
          Block Array Builder
        </Anchor>
        .
      </Text>
    </Alert>
  );
}
