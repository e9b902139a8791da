/**
 * The summary of the prediction's inputs: where (project, location, elevation, time zone), the site
 * design temperatures (50-year minimum, 99.6 % cooling, 50-year maximum), the plant (DC and AC size,
 * DC:AC ratio, blocks, arrays, inverters and DC fields), the modules and inverters it uses, and the
 * model choices in words. Every number in the user's unit system.
 */
import { Anchor, Grid, List, Paper, Text, Title } from '@mantine/core';
import { formatLatitudeDMS, formatLongitudeDMS, formatNumber, formatPowerMW } from '@sunfield/domain';
import { Link } from 'react-router';
import { formatUtcOffset } from '../../../projects/model/format.ts';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import { FactTable } from './FactTable.tsx';
import { formatQuantity, modelChoiceWords, plantEquipment, totalsOf, type EquipmentUse } from './model.ts';

function EquipmentList({ items, noun, unit }: { items: EquipmentUse[]; noun: string; unit: string }) {
  if (items.length === 0) return <Text size="sm">None chosen</Text>;
  return (
    <List size="sm" spacing={2} aria-label={noun}>
      {items.map((item) => (
        <List.Item key={item.id}>
          {item.name}{' '}
          <Text span size="xs" c="dimmed">
            ({item.nodes} {unit}
            {item.nodes === 1 ? '' : 's'})
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

export function InputsSummary() {
  const editor = usePredictionEditor();
  const { prediction, project, plant, units } = editor;
  const totals = totalsOf(plant);
  const equipment = plantEquipment(plant);
  const base = `/projects/${editor.projectId}/prediction/${editor.predictionId}`;
  const offset = (project.standardOffsetFromUTC as number | null | undefined) ?? prediction.timeZone;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="overview-inputs">
      <Title order={4} id="overview-inputs" mb="sm">
        Inputs
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <FactTable
            label="Site"
            rows={[
              [
                'Project',
                <Anchor key="p" component={Link} to={`/projects/${editor.projectId}`} size="sm">
                  {project.name}
                </Anchor>,
              ],
              ['Latitude', formatLatitudeDMS(project.latitude)],
              ['Longitude', formatLongitudeDMS(project.longitude)],
              [
                'Elevation',
                formatQuantity(
                  prediction.elevation ?? (project.elevation as number | null | undefined),
                  'metre',
                  units,
                  0,
                ),
              ],
              ['Time zone', formatUtcOffset(offset)],
              ['50-year minimum temperature', formatQuantity(prediction.min50Year, 'celsius', units, 1)],
              ['99.6 % cooling temperature', formatQuantity(prediction.cool996, 'celsius', units, 1)],
              ['50-year maximum temperature', formatQuantity(prediction.max50Year, 'celsius', units, 1)],
            ]}
          />
          <Title order={5} mt="md" mb={4}>
            Model choices
          </Title>
          <FactTable label="Model choices" rows={modelChoiceWords(prediction)} />
          <Anchor component={Link} to={`${base}/model-choices`} size="sm">
            Edit the model choices
          </Anchor>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <FactTable
            label="Power plant"
            rows={
              totals
                ? [
                    ['DC size', formatPowerMW(totals.dcCapacityKw)],
                    ['AC size', formatPowerMW(totals.acCapacityKw)],
                    ['DC:AC ratio', totals.acCapacityKw > 0 ? formatNumber(totals.dcAcRatio, 2) : '--'],
                    ['Blocks', String(totals.blocks)],
                    ['Arrays', String(totals.arrays)],
                    ['Inverters', `${totals.inverters} (${totals.inverterCount} with repeaters)`],
                    ['DC fields', String(totals.dcFields)],
                    ['Modules', totals.moduleCount.toLocaleString('en-US')],
                  ]
                : [['Power plant', 'No plant yet']]
            }
          />
          <Title order={5} mt="md" mb={4}>
            Modules used
          </Title>
          <EquipmentList items={equipment.modules} noun="Modules used" unit="DC field" />
          <Title order={5} mt="md" mb={4}>
            Inverters used
          </Title>
          <EquipmentList items={equipment.inverters} noun="Inverters used" unit="inverter node" />
          <Anchor
            component={Link}
            to={`${base}/block-array-builder`}
            size="sm"
            mt="sm"
            display="inline-block"
          >
            Open the block and array builder
          </Anchor>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
