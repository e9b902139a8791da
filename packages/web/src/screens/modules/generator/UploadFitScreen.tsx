/**
 * The two upload generators: /module-library/key-iv (key IV points at several irradiances and
 * temperatures, CSV or XLSX → POST /Module/Generator/KeyIVPoints) and /module-library/full-iv-curves
 * (full IV curves → POST /Module/Generator/IVCurves). Each offers its template, fits the
 * single-diode parameters and draws the measured points over the model; Save as module.
 */
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { UploadCancelledError } from '../../../api/upload.ts';
import { notifyError } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { generatorUpload } from '../api.ts';
import { newModule } from '../model/moduleRules.ts';
import type { ModuleRecord } from '../model/types.ts';
import { GeneratedPreview } from './GeneratedPreview.tsx';
import {
  answerWarnings,
  downloadText,
  fittedFields,
  measuredPoints,
  type MeasuredPoint,
} from './generatorModel.ts';
import { useSaveGenerated } from './useSaveGenerated.ts';

interface Props {
  title: string;
  call: 'KeyIVPoints' | 'IVCurves';
  templateName: string;
  template: string;
  description: string;
}

export function UploadFitScreen({ title, call, templateName, template, description }: Props) {
  usePageTitle(title);
  const [file, setFile] = useState<File | null>(null);
  const [module, setModule] = useState<ModuleRecord | null>(null);
  const [measured, setMeasured] = useState<MeasuredPoint[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [name, setName] = useState('Generated Module');
  const [busy, setBusy] = useState(false);
  // The fit needs the number of cells in series (the template holds only measurements).
  const [cells, setCells] = useState<number | string>(72);
  const save = useSaveGenerated();

  async function fit(next: File | null) {
    setFile(next);
    if (!next) return;
    setBusy(true);
    try {
      const answer = await generatorUpload(call, next, { numberOfCellsInSeries: String(cells) }).promise;
      setModule({ ...newModule(), ...fittedFields(answer), name });
      setMeasured(measuredPoints(answer));
      setWarnings(answerWarnings(answer));
    } catch (error) {
      if (!(error instanceof UploadCancelledError)) notifyError(error);
      setFile(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Text size="sm" c="dimmed">
        {description}{' '}
        <Anchor component={Link} to="/module-library/generate" size="sm">
          Generate from a datasheet instead
        </Anchor>
      </Text>
      <Paper withBorder p="md">
        <Group align="flex-end">
          <NumberInput
            label="Cells in series"
            value={cells}
            onChange={setCells}
            min={1}
            max={10000}
            allowDecimal={false}
            disabled={busy}
            w={160}
          />
          <FileInput
            label="File (CSV or XLSX)"
            placeholder="Choose a file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(next) => void fit(next)}
            clearable
            disabled={busy || !(Number(cells) >= 1)}
            w={320}
          />
          <Button variant="subtle" onClick={() => downloadText(templateName, template)}>
            Download template
          </Button>
        </Group>
      </Paper>
      {warnings.length > 0 && (
        <Alert color="yellow" title="Generator warnings">
          {warnings.map((w) => (
            <Text key={w} size="sm">
              {w}
            </Text>
          ))}
        </Alert>
      )}
      {module && (
        <>
          <GeneratedPreview module={module} measured={measured} />
          <Group align="flex-end">
            <TextInput
              label="Name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              w={320}
            />
            <Button
              disabled={!name.trim()}
              loading={save.isPending}
              onClick={() => save.mutate({ ...module, name: name.trim() })}
            >
              Save as module
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
