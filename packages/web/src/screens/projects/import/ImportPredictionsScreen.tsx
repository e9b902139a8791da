/**
 * /projects/{projectID}/import (spec 1 §2 /projects/{type}/import with a project id; spec 2 §7.4
 * POST /Project/{id}/ImportPredictions): predictions into an existing project, picked from a project
 * file (read in the browser; only the chosen ones and the equipment and weather they use are
 * imported) or from another project of the company (copied with their plants). The copies are
 * Draft-Private; the project page opens when done. A refused file shows spec 2 §8.4's message.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  List,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { UploadCancelledError } from '../../../api/upload.ts';
import { toast } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { getProjectOverview, listProjects } from '../api.ts';
import { predictionKeys } from '../../predictions/queries.ts';
import { projectKeys, useProject } from '../queries.ts';
import { importFromFile, importFromProject, readProjectFile, type FilePrediction } from '../transferApi.ts';

const IMPORT_FAILED = 'The project could not be imported. Please try again';

interface Choice {
  key: number;
  label: string;
  detail?: string;
}

function Choices({
  items,
  selected,
  onChange,
  label,
}: {
  items: Choice[];
  selected: number[];
  onChange(next: number[]): void;
  label: string;
}) {
  if (items.length === 0) return <Text size="sm">There are no predictions to import.</Text>;
  const all = selected.length === items.length;
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Checkbox
        label="All predictions"
        checked={all}
        indeterminate={selected.length > 0 && !all}
        onChange={() => onChange(all ? [] : items.map((i) => i.key))}
      />
      {items.map((item) => (
        <Checkbox
          key={item.key}
          ml="md"
          label={item.label}
          description={item.detail}
          checked={selected.includes(item.key)}
          onChange={(e) =>
            onChange(
              e.currentTarget.checked ? [...selected, item.key] : selected.filter((key) => key !== item.key),
            )
          }
        />
      ))}
    </Stack>
  );
}

export function ImportPredictionsScreen({ projectId }: { projectId: number }) {
  usePageTitle('Import Predictions');
  const target = useProject(projectId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<'file' | 'project'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [filePredictions, setFilePredictions] = useState<FilePrediction[] | null>(null);
  const [sourceProject, setSourceProject] = useState<string | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [problems, setProblems] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const projects = useQuery({
    queryKey: ['projects', 'import-sources'],
    queryFn: ({ signal }) => listProjects({ sort: 'name', order: 'asc', skip: 0, top: 500 }, signal),
    enabled: source === 'project',
  });
  const sourceId = sourceProject ? Number(sourceProject) : null;
  const sourceDetail = useQuery({
    queryKey: projectKeys.detail(sourceId ?? 0),
    queryFn: ({ signal }) => getProjectOverview(sourceId!, signal),
    enabled: sourceId !== null,
  });

  const pickFile = async (next: File | null) => {
    setFile(next);
    setProblems(null);
    setSelected([]);
    setFilePredictions(null);
    if (!next) return;
    const read = await readProjectFile(next);
    if ('error' in read) setProblems([read.error]);
    else {
      setFilePredictions(read.predictions);
      setSelected(read.predictions.map((p) => p.index));
    }
  };

  const run = async () => {
    setBusy(true);
    setProblems(null);
    try {
      const answer =
        source === 'file'
          ? await importFromFile(
              projectId,
              file!,
              [...selected].sort((a, b) => a - b),
            ).promise
          : await importFromProject(projectId, sourceId!, selected);
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
      void queryClient.invalidateQueries({ queryKey: predictionKeys.list(projectId) });
      const count = answer.predictionIds.length;
      toast(
        `${count} prediction${count === 1 ? ' was' : 's were'} imported into ${target.data?.name ?? 'the project'}.`,
      );
      navigate(`/projects/${projectId}`);
    } catch (failure) {
      if (failure instanceof UploadCancelledError) return;
      const body = (failure as { body?: { modelState?: Record<string, string[]> } }).body;
      const state = failure instanceof ApiError ? failure.modelState : (body?.modelState ?? {});
      setProblems(Object.entries(state).map(([field, messages]) => `${field}: ${messages.join(' ')}`));
    } finally {
      setBusy(false);
    }
  };

  if (target.isError) return <Alert color="red">Project not found</Alert>;
  const fileChoices: Choice[] = (filePredictions ?? []).map((p) => ({
    key: p.index,
    label: p.name,
    detail: p.blocks ? `${p.blocks} block${p.blocks === 1 ? '' : 's'}` : 'no plant',
  }));
  const projectChoices: Choice[] = (sourceDetail.data?.predictions ?? []).map((p) => ({
    key: p.id,
    label: p.name,
  }));
  const ready =
    selected.length > 0 &&
    (source === 'file' ? file !== null && filePredictions !== null : sourceId !== null);

  return (
    <Stack maw={680}>
      <Title order={2}>Import Predictions</Title>
      <Text size="sm" c="dimmed">
        Into {target.data?.name ?? '…'}. Imported predictions are Draft-Private, owned by you, and have no
        results until they are run.
      </Text>
      <SegmentedControl
        value={source}
        onChange={(value) => {
          setSource(value as 'file' | 'project');
          setSelected([]);
          setProblems(null);
        }}
        data={[
          { value: 'file', label: 'From a project file' },
          { value: 'project', label: 'From another project' },
        ]}
        w="fit-content"
      />
      <Paper withBorder p="lg" radius="md">
        <Stack>
          {source === 'file' ? (
            <>
              <FileInput
                label="Project file"
                placeholder="Choose a .json file"
                accept="application/json,.json"
                value={file}
                onChange={(next) => void pickFile(next)}
                clearable
              />
              {filePredictions && (
                <Choices
                  items={fileChoices}
                  selected={selected}
                  onChange={setSelected}
                  label="Predictions in the file"
                />
              )}
            </>
          ) : (
            <>
              <Select
                label="Project"
                placeholder="Choose a project"
                searchable
                data={(projects.data?.items ?? [])
                  .filter((p) => p.id !== projectId)
                  .map((p) => ({ value: String(p.id), label: p.name }))}
                value={sourceProject}
                onChange={(value) => {
                  setSourceProject(value);
                  setSelected([]);
                }}
              />
              {sourceDetail.data && (
                <Choices
                  items={projectChoices}
                  selected={selected}
                  onChange={setSelected}
                  label={`Predictions of ${sourceDetail.data.name}`}
                />
              )}
            </>
          )}
          {problems && (
            <Alert color="red" title={IMPORT_FAILED} role="alert">
              {problems.length > 0 && (
                <List size="sm">
                  {problems.slice(0, 20).map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Group>
            <Button onClick={() => void run()} disabled={!ready} loading={busy}>
              {selected.length > 0
                ? `Import ${selected.length} Prediction${selected.length === 1 ? '' : 's'}`
                : 'Import'}
            </Button>
            <Button variant="default" component={Link} to={`/projects/${projectId}`}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
