/**
 * Global tilted plane (tilt, azimuth, albedo 0.2, transposition model; spec 2 §7.10), uncertainty,
 * and the horizon profile (PVGIS horizon file upload) with its chart.
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  FileButton,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../api/client.ts';
import { UploadCancelledError } from '../../../api/upload.ts';
import { getGlobalTiltedPlane, uploadHorizon } from '../api.ts';
import { EChart } from '../charts/EChart.tsx';
import { horizonOption, monthlyBarsOption } from '../charts/options.ts';
import { formatNumber } from '../model/format.ts';
import { uncertaintyRows } from '../model/uncertainty.ts';
import { summarizeGti } from '../model/gti.ts';
import type { HorizonPoint, Weather } from '../model/types.ts';
import { useUncertainty } from '../queries.ts';

const num = (value: number | string, fallback: number) => (typeof value === 'number' ? value : fallback);

function GlobalTiltedPlane({ weather }: { weather: Weather }) {
  const [tilt, setTilt] = useState<number | string>(Math.round(Math.abs(weather.latitude ?? 25)));
  const [azimuth, setAzimuth] = useState<number | string>((weather.latitude ?? 0) < 0 ? 0 : 180);
  const [albedo, setAlbedo] = useState<number | string>(0.2);
  const [model, setModel] = useState<string>('1');
  const calc = useMutation({
    mutationFn: () =>
      getGlobalTiltedPlane(weather.id, {
        tilt: num(tilt, 0),
        azimuth: num(azimuth, 180),
        albedo: num(albedo, 0.2),
        model: Number(model),
      }),
  });
  const summary = useMemo(
    () => (calc.data ? summarizeGti(calc.data, weather.timeInterval ?? 60) : null),
    [calc.data, weather.timeInterval],
  );
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="xs">
        Global tilted plane
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput label="Tilt (°)" value={tilt} onChange={setTilt} min={0} max={90} w={110} />
        <NumberInput label="Azimuth (°)" value={azimuth} onChange={setAzimuth} min={0} max={360} w={120} />
        <NumberInput
          label="Albedo"
          value={albedo}
          onChange={setAlbedo}
          min={0}
          max={1}
          step={0.05}
          decimalScale={2}
          w={110}
        />
        <Select
          label="Transposition model"
          value={model}
          onChange={(v) => setModel(v ?? '1')}
          data={[
            { value: '1', label: 'Perez' },
            { value: '0', label: 'Hay' },
          ]}
          w={170}
          allowDeselect={false}
        />
        <Button onClick={() => calc.mutate()} loading={calc.isPending}>
          Calculate
        </Button>
      </Group>
      {calc.isError && (
        <Alert color="red" mt="sm">
          {calc.error.message}
        </Alert>
      )}
      {summary && (
        <Stack gap="xs" mt="md">
          <Text fw={600} data-testid="gti-annual">
            Annual plane-of-array irradiation: {formatNumber(summary.annual, 1)} kWh/m²
          </Text>
          <EChart
            option={monthlyBarsOption(summary.monthly, ['ghi', 'poa'])}
            label="Global tilted plane chart"
            height={260}
          />
        </Stack>
      )}
    </Paper>
  );
}

function Uncertainty({ weather }: { weather: Weather }) {
  const query = useUncertainty(weather.id);
  const entries = uncertaintyRows(query.data ?? {}, weather);
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="xs">
        Uncertainty
      </Title>
      {query.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : !entries.length ? (
        <Text c="dimmed">No uncertainty figures are available for this weather file.</Text>
      ) : (
        <Table withTableBorder aria-label="Uncertainty">
          <Table.Tbody>
            {entries.map(([key, value]) => (
              <Table.Tr key={key}>
                <Table.Td>{key}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function Horizon({ weather, editable }: { weather: Weather; editable: boolean }) {
  const initial = (weather as { horizonDetails?: HorizonPoint[] }).horizonDetails ?? [];
  const [points, setPoints] = useState<HorizonPoint[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadHorizon(weather.id, file).promise,
    onSuccess: (answer) => {
      setError(null);
      setPoints(answer.horizonDetails ?? []);
    },
    onError: (e) => {
      if (e instanceof UploadCancelledError) return;
      setError(e instanceof ApiError ? e.messages.join(' ') : e.message);
    },
  });
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Horizon profile</Title>
        {editable && (
          <FileButton onChange={(file) => file && upload.mutate(file)} accept=".csv,.txt,.json">
            {(props) => (
              <Button variant="light" {...props} loading={upload.isPending}>
                Import horizon file
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {error && (
        <Alert color="red" mb="sm">
          {error}
        </Alert>
      )}
      {points.length ? (
        <EChart option={horizonOption(points)} label="Horizon chart" height={260} />
      ) : (
        <Text c="dimmed">No horizon profile. Import a PVGIS horizon file (azimuth and elevation).</Text>
      )}
    </Paper>
  );
}

export function ToolsTab({ weather, editable }: { weather: Weather; editable: boolean }) {
  return (
    <Stack gap="md">
      <GlobalTiltedPlane weather={weather} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Horizon weather={weather} editable={editable} />
        <Uncertainty weather={weather} />
      </SimpleGrid>
    </Stack>
  );
}
