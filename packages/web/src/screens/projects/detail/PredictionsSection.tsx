/**
 * The project's predictions (spec 1 §2 project page): the list from GET /Project/{id}/Prediction, kept
 * live by the hub's predictionitem pushes (queries.ts), with New Prediction, Rename, Clone, Delete and
 * Compare (2 to 6 predictions picked with their checkboxes). The project's overview answer shows
 * until the list has loaded.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { TOAST } from '@sunfield/domain';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notifyError, toast } from '../../../lib/notify.ts';
import { clonePrediction } from '../../predictions/api.ts';
import { DeletePredictionModal } from '../../predictions/list/DeletePredictionModal.tsx';
import {
  canCompare,
  COMPARE_MAX,
  COMPARE_MIN,
  compareHref,
  toggleCompare,
} from '../../predictions/list/model.ts';
import { PredictionListTable, type RowAction } from '../../predictions/list/PredictionListTable.tsx';
import { PredictionNameModal } from '../../predictions/list/PredictionNameModal.tsx';
import type { PredictionListItem } from '../../predictions/model/types.ts';
import { usePredictionCache, usePredictionList } from '../../predictions/queries.ts';
import { parseProjectId } from '../model/params.ts';
import type { PredictionSummary } from '../model/types.ts';

type Open =
  | { kind: 'create' }
  | { kind: 'rename'; prediction: PredictionListItem }
  | { kind: 'delete'; prediction: PredictionListItem }
  | null;

export function PredictionsSection({ predictions: initial }: { predictions: PredictionSummary[] }) {
  const projectId = parseProjectId(useParams().projectID);
  const list = usePredictionList(projectId);
  const predictions = list.data ?? (initial as PredictionListItem[]);
  const navigate = useNavigate();
  const cache = usePredictionCache();
  const [open, setOpen] = useState<Open>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const present = selected.filter((id) => predictions.some((p) => p.id === id));

  const clone = useMutation({
    mutationFn: (prediction: PredictionListItem) => clonePrediction(projectId!, prediction.id),
    onSuccess: (copy) => {
      toast(TOAST.clonedAndSaved(copy.name));
      cache.saved(projectId!, copy.id);
    },
    onError: (error, prediction) => notifyError(error, `${prediction.name} could not be cloned`),
  });

  if (projectId === null) return null;

  function onAction(action: RowAction, prediction: PredictionListItem) {
    if (action === 'clone') clone.mutate(prediction);
    else setOpen({ kind: action, prediction });
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="predictions-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} id="predictions-heading">
            Predictions
          </Title>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={!canCompare(present)}
              onClick={() => void navigate(compareHref(projectId, present))}
              title={`Select ${COMPARE_MIN} to ${COMPARE_MAX} predictions to compare`}
            >
              Compare{present.length ? ` (${present.length})` : ''}
            </Button>
            <Button onClick={() => setOpen({ kind: 'create' })}>New Prediction</Button>
          </Group>
        </Group>
        {predictions.length === 0 ? (
          <Text c="dimmed">No predictions yet.</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Select {COMPARE_MIN} to {COMPARE_MAX} predictions to compare them side by side.
            </Text>
            <PredictionListTable
              projectId={projectId}
              predictions={predictions}
              selected={present}
              onToggle={(id) => setSelected((current) => toggleCompare(current, id))}
              onAction={onAction}
              cloning={clone.isPending ? (clone.variables?.id ?? null) : null}
            />
          </>
        )}
      </Stack>
      {open?.kind === 'create' && (
        <PredictionNameModal mode="create" projectId={projectId} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'rename' && (
        <PredictionNameModal
          mode="rename"
          projectId={projectId}
          predictionId={open.prediction.id}
          name={open.prediction.name}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'delete' && (
        <DeletePredictionModal
          projectId={projectId}
          predictionId={open.prediction.id}
          name={open.prediction.name}
          onClose={() => setOpen(null)}
        />
      )}
    </Paper>
  );
}
