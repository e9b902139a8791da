/**
 * The prediction page header: project link, name, status, the favourite star, Save, Run and Cancel,
 * and the live progress of the last run (queued → running n % → success, error with its reason, or
 * cancelled). Problems of a refused save or run are listed under it by field.
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Progress,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { predictionStatusLabel } from '@sunfield/domain';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../auth/hooks.ts';
import { changeStatusPath } from '../../changeStatus/model.ts';
import { toggleFavoritePrediction, usePredictionList } from '../../../lib/recentPredictions.ts';
import { isProcessing, PROCESSING, processingLabel } from '../model/types.ts';
import { usePredictionEditor } from './editorContext.ts';

const PROCESSING_COLORS: Record<number, string> = {
  0: 'gray',
  1: 'blue',
  2: 'blue',
  3: 'green',
  4: 'red',
  5: 'orange',
};

export function PredictionHeader() {
  const editor = usePredictionEditor();
  const { prediction, processing, readOnly, dirty, saving, errors } = editor;
  const user = useCurrentUser();
  const favorites = usePredictionList('favorite', user?.id);
  const favorite = favorites.some((entry) => entry.id === editor.predictionId);
  const active = isProcessing(processing.status);
  const problems = Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => (field && field !== '' ? `${field}: ${message}` : message)),
  );

  return (
    <Stack gap="xs">
      <Anchor component={Link} to={`/projects/${editor.projectId}`} size="sm">
        {editor.project.name}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={2}>{prediction.name}</Title>
          <Badge variant="light" data-testid="prediction-status">
            {predictionStatusLabel(editor.saved.status)}
          </Badge>
          {user?.id && (
            <Tooltip label={favorite ? 'Remove from favorites' : 'Add to favorites'}>
              <ActionIcon
                variant="subtle"
                aria-label={favorite ? 'Remove from favorites' : 'Add to favorites'}
                aria-pressed={favorite}
                onClick={() =>
                  toggleFavoritePrediction(user.id, {
                    id: editor.predictionId,
                    projectId: editor.projectId,
                    name: editor.saved.name,
                  })
                }
              >
                {favorite ? '★' : '☆'}
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            component={Link}
            to={changeStatusPath('prediction', [editor.predictionId], editor.projectId)}
          >
            Change Status
          </Button>
          {!readOnly && (
            <Button variant="default" onClick={() => void editor.save()} loading={saving} disabled={!dirty}>
              Save
            </Button>
          )}
          {active ? (
            <Button color="red" variant="light" onClick={() => void editor.cancel()}>
              Cancel Run
            </Button>
          ) : (
            <Button onClick={() => void editor.run()} loading={saving} disabled={readOnly && dirty}>
              Run Prediction
            </Button>
          )}
        </Group>
      </Group>
      {readOnly && (
        <Text size="sm" c="dimmed">
          Read-only: only Draft-Private, Draft-Shared and String-Sizing predictions can be changed.
        </Text>
      )}
      <Group gap="sm" align="center" aria-live="polite">
        <Badge color={PROCESSING_COLORS[processing.status] ?? 'gray'} data-testid="processing-status">
          {processingLabel(processing.status)}
        </Badge>
        {(active || processing.status === PROCESSING.Success) && (
          <Progress
            value={processing.percent}
            w={240}
            animated={active}
            aria-label="Run progress"
            data-testid="run-progress"
          />
        )}
        {(active || processing.status === PROCESSING.Success) && (
          <Text size="sm" data-testid="run-percent">
            {Math.round(processing.percent)} %
          </Text>
        )}
      </Group>
      {processing.status === PROCESSING.Error && processing.message && (
        <Alert color="red" title="The run failed">
          <Text size="sm">{processing.message}</Text>
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert color="red" title={`${prediction.name} cannot be saved or run yet`}>
          <List size="sm">
            {problems.map((message, index) => (
              <List.Item key={index}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
