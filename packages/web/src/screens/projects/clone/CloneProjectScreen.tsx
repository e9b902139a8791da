/**
 * /projects/{cloneID}/clone (spec 1 §2): a copy of the project with the predictions you may read and
 * their plants, under a new name (default '{name} - CLONE'); the copies are Draft-Private and not run.
 * Clone writes it all in one transaction and opens the new project.
 */
import { useState } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { TOAST } from '@sunfield/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { toast } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { parseProjectId } from '../model/params.ts';
import { projectKeys, useProject } from '../queries.ts';
import { cloneProject } from '../transferApi.ts';

export function CloneProjectScreen() {
  usePageTitle('Clone Project');
  const { cloneID } = useParams();
  const id = parseProjectId(cloneID);
  const project = useProject(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (id === null || project.isError) return <Alert color="red">Project not found</Alert>;
  if (!project.data) return <Text c="dimmed">Loading…</Text>;
  const source = project.data;
  const value = name ?? `${source.name} - CLONE`;
  const predictions = source.predictions ?? [];

  const run = async () => {
    if (!value.trim()) {
      setError('Name is required.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await cloneProject(source.id, value.trim());
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists });
      toast(TOAST.clonedAndSaved(source.name));
      navigate(`/projects/${answer.id}`);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.messages.join(' ') : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={640}>
      <Title order={2}>Clone Project</Title>
      <Text size="sm" c="dimmed">
        A copy of {source.name} at the same location, with the predictions you can see and their plants. The
        copies are Draft-Private, owned by you, and have no results until they are run.
      </Text>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <TextInput
            label="Name"
            required
            value={value}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error ?? undefined}
            maxLength={200}
          />
          <Text size="sm" fw={500}>
            {predictions.length === 0
              ? 'No predictions to copy.'
              : `${predictions.length} prediction${predictions.length === 1 ? '' : 's'} to copy:`}
          </Text>
          {predictions.length > 0 && (
            <List size="sm" aria-label="Predictions to copy">
              {predictions.map((p) => (
                <List.Item key={p.id}>{p.name}</List.Item>
              ))}
            </List>
          )}
          <Group>
            <Button onClick={() => void run()} loading={busy}>
              Clone
            </Button>
            <Button variant="default" component={Link} to={`/projects/${source.id}`}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
