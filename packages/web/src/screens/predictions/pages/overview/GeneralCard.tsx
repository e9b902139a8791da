/**
 * The prediction's name and description, edited in the page's draft (the header's Save sends them);
 * status, owner and the last run beside them. Read-only predictions show them disabled.
 */
import { Grid, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { predictionStatusLabel } from '@sunfield/domain';
import { formatDateTime } from '../../../projects/model/format.ts';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import { processingLabel } from '../../model/types.ts';
import { usePredictionList } from '../../queries.ts';
import { predictionNameError } from '../../list/model.ts';
import { FactTable } from './FactTable.tsx';

interface Owner {
  firstName?: string | null;
  lastName?: string | null;
}

export function GeneralCard() {
  const editor = usePredictionEditor();
  const { prediction, readOnly, errors } = editor;
  const nameProblem = predictionNameError(prediction.name ?? '') ?? errors.name?.[0] ?? null;
  const owner = prediction.owner as Owner | null | undefined;
  const ownerName = owner ? `${owner.firstName ?? ''} ${owner.lastName ?? ''}`.trim() : '';
  // The project's list follows runs live (hub pushes); the loaded prediction is not reloaded by a run.
  const listed = usePredictionList(editor.projectId).data?.find((item) => item.id === editor.predictionId);
  const lastRun = listed?.runCompletedDateTimeUTC ?? editor.saved.runCompletedDateTimeUTC;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="overview-general">
      <Title order={4} id="overview-general" mb="sm">
        Prediction
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <TextInput
              label="Name"
              required
              value={prediction.name ?? ''}
              disabled={readOnly}
              error={nameProblem}
              onChange={(event) => {
                const name = event.currentTarget.value;
                editor.setPrediction((current) => ({ ...current, name }));
              }}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxRows={8}
              value={prediction.description ?? ''}
              disabled={readOnly}
              error={errors.description?.[0]}
              onChange={(event) => {
                const text = event.currentTarget.value;
                editor.setPrediction((current) => ({ ...current, description: text === '' ? null : text }));
              }}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <FactTable
            label="Prediction status"
            rows={[
              ['Status', predictionStatusLabel(editor.saved.status)],
              ['Processing', processingLabel(editor.processing.status)],
              ['Last run', formatDateTime(lastRun)],
              ['Owner', ownerName || '--'],
              ['Last modified', formatDateTime(editor.saved.lastModified)],
            ]}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
