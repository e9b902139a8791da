/**
 * /projects/{type}/import: pick a project file made by Export on a project page
 * (docs/project-export.md) and import it into the company as a new project with its predictions,
 * then open it. A refused file shows spec 2 §8.4's message and the fields the server names.
 */
import { Alert, Button, FileInput, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { TOAST } from '@sunfield/domain';
import { UploadCancelledError } from '../../../api/upload.ts';
import { toast } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { importProjectFile } from '../api.ts';
import { parseProjectId } from '../model/params.ts';
import { ImportPredictionsScreen } from './ImportPredictionsScreen.tsx';

const IMPORT_FAILED = 'The project could not be imported. Please try again';

/** The message and the field problems of a refused import. */
function problemsOf(failure: unknown): string[] {
  const body = (failure as { body?: { modelState?: Record<string, string[]> } }).body;
  const fields = Object.entries(body?.modelState ?? {}).map(
    ([field, messages]) => `${field}: ${messages.join(' ')}`,
  );
  return fields.slice(0, 20);
}

/** /projects/{type}/import: a project id imports predictions into that project, anything else a project. */
export function ImportScreen() {
  const { type } = useParams();
  const projectId = parseProjectId(type);
  return projectId === null ? <ImportProjectScreen /> : <ImportPredictionsScreen projectId={projectId} />;
}

export function ImportProjectScreen() {
  usePageTitle('Import Project');
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const { id } = await importProjectFile(file).promise;
      toast(TOAST.created(file.name.replace(/\.json$/i, '')));
      navigate(`/projects/${id}`);
    } catch (failure) {
      if (!(failure instanceof UploadCancelledError)) setError(problemsOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" maw={640} p="md">
      <Title order={2}>Import Project</Title>
      <Text size="sm" c="dimmed">
        A project file made by Export on a project page: the project, its predictions and plants, and the
        modules, inverters and weather they use.
      </Text>
      <FileInput
        label="Project file"
        placeholder="Choose a .json file"
        accept="application/json,.json"
        value={file}
        onChange={(next) => {
          setFile(next);
          setError(null);
        }}
        clearable
      />
      {error && (
        <Alert color="red" title={IMPORT_FAILED}>
          {error.length > 0 && (
            <List size="sm">
              {error.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void run()} disabled={!file} loading={busy}>
          Import
        </Button>
        <Button variant="default" component={Link} to="/">
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
