/**
 * /module-library/generate: datasheet values → single-diode parameters (POST
 * /Module/Generator/SingleDiodeParameters, or …Advanced with the parameters the user fixes), with
 * the model's IV curves and effective irradiance response drawn in the browser; Save as module.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buildErrorMessages } from '../../../api/errors.ts';
import { useDirtyForm } from '../../../lib/dirtyForm.ts';
import { splitFormErrors } from '../../../lib/formErrors.ts';
import { notifyError } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { generatorCall } from '../api.ts';
import { FieldGroups } from '../components/FieldGroups.tsx';
import { setPath } from '../model/fields.ts';
import { newModule } from '../model/moduleRules.ts';
import type { ModuleRecord } from '../model/types.ts';
import { ADVANCED_GROUP, DATASHEET_GROUPS, answerWarnings, fittedFields } from './generatorModel.ts';
import { GeneratedPreview } from './GeneratedPreview.tsx';
import { useSaveGenerated } from './useSaveGenerated.ts';

const ADVANCED_KEYS = ADVANCED_GROUP.fields.map((f) => f.path);
/** The datasheet values whose changes refit the parameters (the fitted ones are outputs too). */
const INPUT_KEYS = DATASHEET_GROUPS.flatMap((g) => g.fields.map((f) => f.path)).filter(
  (key) => !['name', 'manufacturer', 'model', 'stcMaxPower'].includes(key),
);
const FIELD_PATHS = [...DATASHEET_GROUPS.flatMap((g) => g.fields.map((f) => f.path)), ...ADVANCED_KEYS];
/** Pause after the last edit before the parameters are fitted again [ms]. */
const REFIT_DELAY_MS = 400;

export function GenerateModuleScreen() {
  usePageTitle('Generate Module');
  const [mode, setMode] = useState<'default' | 'advanced'>('default');
  const [module, setModule] = useState<ModuleRecord>(() => {
    const fresh = newModule();
    return { ...fresh, name: 'Generated Module' };
  });
  const [generated, setGenerated] = useState(false);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [target, setTarget] = useState<number | string>(97);
  const [touched, setTouched] = useState(false);
  useDirtyForm(touched);
  const change = (path: string, value: unknown) => {
    setTouched(true);
    setModule((current) => setPath(current, path, value));
  };

  /** Merges a generator answer's fitted fields into the module. */
  const apply = (answer: unknown) => {
    setModule((current) => ({
      ...current,
      ...fittedFields(answer),
      pvModel: current.pvModel === 0 ? 0 : 1,
    }));
    setWarnings(answerWarnings(answer));
    setErrors({});
  };
  /** Field errors on their fields; the rest as warnings (a refit while typing) or a notification. */
  const refuse = (error: unknown, fields: readonly string[], quiet: boolean) => {
    const split = splitFormErrors(error, fields);
    setErrors(split.fields);
    if (quiet) setWarnings(buildErrorMessages(error));
    else if (split.general.length) notifyError(split.general.join('\n'));
    else if (!Object.keys(split.fields).length) notifyError(error);
  };

  const generate = useMutation({
    // `auto`: a refit after an edit; its errors show in the warnings, not as notifications.
    mutationFn: (auto: boolean) => {
      const body: ModuleRecord = { ...module };
      if (mode === 'default') for (const key of ADVANCED_KEYS) delete body[key];
      return generatorCall(
        mode === 'default' ? 'SingleDiodeParameters' : 'SingleDiodeParametersAdvanced',
        body,
        auto,
      );
    },
    onSuccess: (answer) => {
      apply(answer);
      setGenerated(true);
    },
    onError: (error, auto) => refuse(error, FIELD_PATHS, auto),
  });

  /** Series resistance tuned so that the relative efficiency at 200 W/m² is the target. */
  const tune = useMutation({
    mutationFn: () => {
      const body: ModuleRecord = { ...module, targetRelativeEfficiency: Number(target) };
      for (const key of ADVANCED_KEYS)
        if (key !== 'shuntResistanceAtSTC' && key !== 'darkShuntResistance') delete body[key];
      if (mode === 'default') for (const key of ADVANCED_KEYS) delete body[key];
      return generatorCall('SeriesResistance', body);
    },
    onSuccess: apply,
    onError: (error) => refuse(error, [...FIELD_PATHS, 'targetRelativeEfficiency'], false),
  });

  // Once generated, the parameters (and so the charts) follow the datasheet values as they change.
  const inputs = JSON.stringify([mode, ...INPUT_KEYS.map((key) => module[key] ?? null)]);
  const lastInputs = useRef(inputs);
  const refit = useRef(generate.mutate);
  refit.current = generate.mutate;
  useEffect(() => {
    if (!generated || inputs === lastInputs.current) return;
    const timer = setTimeout(() => {
      lastInputs.current = inputs;
      refit.current(true);
    }, REFIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [generated, inputs]);

  const save = useSaveGenerated();

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Generate Module</Title>
        <Group gap="xs">
          <Button variant="default" component={Link} to="/module-library/key-iv">
            From key IV points
          </Button>
          <Button variant="default" component={Link} to="/module-library/full-iv-curves">
            From full IV curves
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Enter the datasheet values; the generator fits the single-diode parameters that reproduce them.{' '}
        <Anchor component={Link} to="/module-library" size="sm">
          Back to the library
        </Anchor>
      </Text>
      <SegmentedControl
        aria-label="Generator"
        value={mode}
        onChange={(value) => setMode(value as 'default' | 'advanced')}
        data={[
          { value: 'default', label: 'Default' },
          { value: 'advanced', label: 'Advanced' },
        ]}
        w={260}
      />
      <FieldGroups
        groups={mode === 'advanced' ? [...DATASHEET_GROUPS, ADVANCED_GROUP] : DATASHEET_GROUPS}
        module={module}
        onChange={change}
        readOnly={false}
        errors={errors}
      />
      <Group>
        <Button
          onClick={() => {
            lastInputs.current = inputs;
            generate.mutate(false);
          }}
          loading={generate.isPending}
        >
          Generate parameters
        </Button>
        <Button
          variant="default"
          disabled={!generated || !module.name.trim()}
          loading={save.isPending}
          onClick={() => save.mutate(module)}
        >
          Save as module
        </Button>
      </Group>
      {warnings.length > 0 && (
        <Alert color="yellow" title="Generator warnings">
          {warnings.map((w) => (
            <Text key={w} size="sm">
              {w}
            </Text>
          ))}
        </Alert>
      )}
      {generated && (
        <Paper withBorder p="md">
          <Title order={4} mb="xs">
            Tune series resistance
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            The series resistance that gives the relative efficiency at 200 W/m² of the datasheet or a
            measurement (the other parameters are fitted again around it).
          </Text>
          <Group align="flex-end">
            <NumberInput
              label="Relative efficiency at 200 W/m² [%]"
              value={target}
              onChange={setTarget}
              min={50}
              max={120}
              decimalScale={3}
              error={errors.targetRelativeEfficiency}
              w={280}
            />
            <Button variant="default" onClick={() => tune.mutate()} loading={tune.isPending}>
              Tune series resistance
            </Button>
          </Group>
        </Paper>
      )}
      {generated && <GeneratedPreview module={module} />}
    </Stack>
  );
}
