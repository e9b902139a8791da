/** The inverter's own fields above the tabs: names, ratings, voltage window, type and data source. */
import { Grid, Paper, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { DEFINITIONS } from '@sunfield/domain';
import {
  NUMBER_FIELDS,
  NUMBER_FIELD_NAMES,
  unitLabel,
  type InverterDraft,
  type NumberField,
  type TextField,
} from '../model/draft.ts';
import { readOnlySelect } from '../../../lib/readOnlySelect.tsx';
import { useInverterEditor } from './editorContext.ts';
import { NumberCell } from './NumberCell.tsx';

const options = (values: readonly { id: number; name: string; label?: string }[]) =>
  values.map((value) => ({ value: String(value.id), label: value.label ?? value.name }));

const INVERTER_TYPES = options(DEFINITIONS.InverterType.values);
const DATA_SOURCES = options(DEFINITIONS.DataSourceType.values);

export function GeneralPanel() {
  const { draft, update, readOnly, errors, units } = useInverterEditor();
  const setText = (field: TextField, value: string) =>
    update((d) => ({ ...d, text: { ...d.text, [field]: value } }));
  const setNumber = (field: NumberField, value: InverterDraft['numbers'][NumberField]) =>
    update((d) => ({ ...d, numbers: { ...d.numbers, [field]: value } }));

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TextInput
              label="Name"
              required
              value={draft.text.name}
              readOnly={readOnly}
              error={errors.name}
              onChange={(event) => setText('name', event.currentTarget.value)}
              maxLength={200}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <TextInput
              label="Manufacturer"
              value={draft.text.manufacturer}
              readOnly={readOnly}
              error={errors.manufacturer}
              onChange={(event) => setText('manufacturer', event.currentTarget.value)}
              maxLength={200}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <TextInput
              label="Model"
              value={draft.text.model}
              readOnly={readOnly}
              error={errors.model}
              onChange={(event) => setText('model', event.currentTarget.value)}
              maxLength={200}
            />
          </Grid.Col>
        </Grid>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4, lg: 5 }} spacing="sm">
          {NUMBER_FIELD_NAMES.map((field) => (
            <NumberCell
              key={field}
              label={`${NUMBER_FIELDS[field].label} (${unitLabel(NUMBER_FIELDS[field].unit, units)})`}
              value={draft.numbers[field]}
              onValue={(value) => setNumber(field, value)}
              decimals={8}
              readOnly={readOnly}
              error={errors[field]}
            />
          ))}
          <Select
            label="Inverter type"
            data={INVERTER_TYPES}
            value={draft.inverterType === null ? null : String(draft.inverterType)}
            onChange={(value) =>
              update((d) => ({ ...d, inverterType: value === null ? null : Number(value) }))
            }
            {...readOnlySelect(readOnly)}
            clearable={!readOnly}
          />
          <Select
            label="Data source"
            data={DATA_SOURCES}
            value={draft.dataSource === null ? null : String(draft.dataSource)}
            onChange={(value) => update((d) => ({ ...d, dataSource: value === null ? null : Number(value) }))}
            {...readOnlySelect(readOnly)}
            clearable={!readOnly}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={1}
          maxRows={4}
          value={draft.text.description}
          readOnly={readOnly}
          onChange={(event) => setText('description', event.currentTarget.value)}
        />
      </Stack>
    </Paper>
  );
}
