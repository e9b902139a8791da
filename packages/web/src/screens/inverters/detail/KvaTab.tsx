/**
 * temperature-elevation-kva: the kVA curves (kVA vs ambient temperature, one curve per elevation) and a
 * calculator asking the server for the kVA rating at a temperature and elevation: GET /Inverter/{id}/kVA
 * for a saved inverter without changes, POST /Inverter/kVA with the edited inverter otherwise.
 */
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { fromDisplay, type UnitSystemName } from '@sunfield/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { getSavedKva, postKva, type KvaRequest } from '../api.ts';
import { formatNumber, fromDraft, toNumber, unitLabel, type Num } from '../model/draft.ts';
import { CurveTab } from './CurveTab.tsx';
import { useInverterEditor } from './editorContext.ts';
import { NumberCell } from './NumberCell.tsx';

function request(temperature: Num, elevation: Num, useCoolingTemp: boolean, units: UnitSystemName) {
  const t = toNumber(temperature);
  const e = toNumber(elevation);
  if (t === null || Number.isNaN(t) || e === null || Number.isNaN(e)) return null;
  return {
    temperature: fromDisplay('temperature', t, units),
    elevation: fromDisplay('elevation', e, units),
    useCoolingTemp,
  } satisfies KvaRequest;
}

function KvaCalculator() {
  const { draft, savedId, dirty, units } = useInverterEditor();
  const [temperature, setTemperature] = useState<Num>(units === 'imperial' ? 77 : 25);
  const [elevation, setElevation] = useState<Num>(0);
  const [useCoolingTemp, setUseCoolingTemp] = useState(false);
  const body = request(temperature, elevation, useCoolingTemp, units);
  const calculate = useMutation({
    mutationFn: (input: KvaRequest) =>
      savedId !== null && !dirty
        ? getSavedKva(savedId, input)
        : postKva(fromDraft(draft, units).payload, input),
  });
  const result = calculate.data;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>kVA calculator</Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberCell
            label={`Temperature (${unitLabel('temperature', units)})`}
            w={160}
            value={temperature}
            onValue={setTemperature}
            decimals={8}
          />
          <NumberCell
            label={`Elevation (${unitLabel('elevation', units)})`}
            w={160}
            value={elevation}
            onValue={setElevation}
            decimals={8}
          />
          <Checkbox
            label="Use cooling temperature"
            checked={useCoolingTemp}
            onChange={(event) => setUseCoolingTemp(event.currentTarget.checked)}
            mb={8}
          />
          <Button
            onClick={() => body && calculate.mutate(body)}
            disabled={!body}
            loading={calculate.isPending}
          >
            Calculate kVA
          </Button>
        </Group>
        {result !== undefined && (
          <Text aria-live="polite" data-testid="kva-result">
            kVA rating: <b>{Number.isFinite(result) ? `${formatNumber(result, 2)} kVA` : '--'}</b>
          </Text>
        )}
        {calculate.isError && (
          <Alert color="red" title="The kVA could not be calculated">
            {calculate.error.message}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

export function KvaTab() {
  return (
    <CurveTab kind="kva">
      <KvaCalculator />
    </CurveTab>
  );
}
