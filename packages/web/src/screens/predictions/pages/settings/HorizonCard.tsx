/**
 * The horizon profile of a prediction (far shading): azimuth and elevation points, added, removed,
 * sorted by azimuth or pasted from a spreadsheet (two columns: azimuth, elevation), with the horizon
 * line a run uses (the engine's interpolation round north). A weather file that carries a horizon
 * offers it.
 */
import { ActionIcon, Button, Grid, ScrollArea, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { EChart } from '../../../weather/charts/EChart.tsx';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import { horizonOption } from './chartOptions.ts';
import {
  addHorizonPoint,
  HORIZON_RANGES,
  horizonPoints,
  isHorizonSorted,
  pasteHorizon,
  removeHorizonPoint,
  setHorizonValue,
  sortHorizon,
  type HorizonPoint,
} from './environmentModel.ts';
import { isMultiValuePaste } from './fieldRules.ts';
import { NumberField } from './NumberField.tsx';
import { serverError, SettingsCard } from './SettingsCard.tsx';

const KEYS = [
  { key: 'azimuth', label: 'Azimuth' },
  { key: 'elevation', label: 'Elevation' },
] as const;

export function HorizonCard() {
  const editor = usePredictionEditor();
  const { prediction, readOnly, units, errors } = editor;
  const points = horizonPoints(prediction.horizonDetails);
  const option = useMemo(() => horizonOption(points), [points]);
  const weatherHorizon = horizonPoints(editor.weather?.horizonDetails);

  const update = (change: (current: HorizonPoint[]) => HorizonPoint[]) =>
    editor.setPrediction((current) => ({
      ...current,
      horizonDetails: change(horizonPoints(current.horizonDetails)),
    }));

  return (
    <SettingsCard
      id="horizon-profile"
      title="Horizon profile"
      description="The horizon's elevation by azimuth (N = 0°, E = 90°). The sun behind it loses its beam; the sky it hides loses its diffuse. Paste two columns (azimuth, elevation) from a spreadsheet into a cell."
      actions={
        !readOnly && (
          <>
            {weatherHorizon.length > 0 && (
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  update(() => weatherHorizon.map(({ azimuth, elevation }) => ({ azimuth, elevation })))
                }
              >
                Use the weather file&apos;s horizon
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              disabled={isHorizonSorted(points)}
              onClick={() => update(sortHorizon)}
            >
              Sort by azimuth
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              disabled={points.length === 0}
              onClick={() => update(() => [])}
            >
              Remove all points
            </Button>
            <Button size="xs" onClick={() => update(addHorizonPoint)} disabled={points.length >= 3600}>
              Add point
            </Button>
          </>
        )
      }
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {points.length === 0 ? (
            <Text size="sm" c="dimmed" py="md">
              No horizon: the horizon is flat (0° all round).
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
              <Table striped withTableBorder verticalSpacing={4} aria-label="Horizon points">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">#</Table.Th>
                    <Table.Th scope="col">Azimuth (°)</Table.Th>
                    <Table.Th scope="col">Elevation (°)</Table.Th>
                    {!readOnly && <Table.Th scope="col" aria-label="Remove" />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {points.map((point, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{index + 1}</Table.Td>
                      {KEYS.map(({ key, label }) => (
                        <Table.Td key={key}>
                          <NumberField
                            hideLabel
                            label={`Point ${index + 1} ${label.toLowerCase()}`}
                            symbol="°"
                            value={point[key]}
                            units={units}
                            range={HORIZON_RANGES[key]}
                            decimals={1}
                            disabled={readOnly}
                            error={serverError(errors, `horizonDetails.${index}.${key}`)}
                            onValue={(value) =>
                              update((current) => setHorizonValue(current, index, key, value))
                            }
                            onPasteValues={(text) => {
                              if (!isMultiValuePaste(text)) return false;
                              const next = pasteHorizon(points, index, key, text);
                              if (!next) return false;
                              update(() => next);
                              return true;
                            }}
                          />
                        </Table.Td>
                      ))}
                      {!readOnly && (
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove point ${index + 1}`}
                            onClick={() => update((current) => removeHorizonPoint(current, index))}
                          >
                            ×
                          </ActionIcon>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <EChart option={option} height={340} label="Horizon profile chart" />
        </Grid.Col>
      </Grid>
    </SettingsCard>
  );
}
