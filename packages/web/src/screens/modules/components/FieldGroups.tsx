/** Renders groups of module fields (model/fields.ts) as a form: numbers with units, selects, switches. */
import { NumberInput, Paper, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { definitionLabel, displayBounds, findDefinition } from '@sunfield/domain';
import { moduleSchema } from '@sunfield/domain/api/module.ts';
import { fieldRange } from '@sunfield/domain/api/ranges.ts';
import { QuantityInput, useUnits } from '../../../lib/units.tsx';
import { roundForDisplay } from '../../../lib/numberFormat.ts';
import { readOnlySelect } from '../../../lib/readOnlySelect.tsx';
import { getPath, type FieldDef, type FieldGroup } from '../model/fields.ts';
import type { ModuleRecord } from '../model/types.ts';

interface Props {
  groups: FieldGroup[];
  module: ModuleRecord;
  onChange: (path: string, value: unknown) => void;
  readOnly: boolean;
  errors: Record<string, string>;
}

/**
 * A stored number as a field shows it: binary float noise ('0.041000000000000004', shown by the field
 * as 0.041000000000000) is rounded away at 15 significant digits, more than anyone types.
 */
const inputNumber = (value: number): number => roundForDisplay(value, 15, 12);

function enumOptions(type: string): { value: string; label: string }[] {
  return (findDefinition(type)?.values ?? []).map((v) => ({
    value: String(v.id),
    label: definitionLabel(type, v.id) ?? v.name,
  }));
}

function Field({
  field,
  module,
  onChange,
  readOnly,
  error,
}: {
  field: FieldDef;
  module: ModuleRecord;
  onChange: Props['onChange'];
  readOnly: boolean;
  error?: string;
}) {
  const units = useUnits();
  const value = getPath(module, field.path);
  const unit = field.quantity ? units.symbol(field.quantity) : field.unit;
  const label = unit ? `${field.label} [${unit}]` : field.label;
  if (field.kind === 'boolean') {
    return (
      <Switch
        label={field.label}
        checked={value === true}
        disabled={readOnly}
        onChange={(event) => onChange(field.path, event.currentTarget.checked)}
        mt="lg"
      />
    );
  }
  if (field.kind === 'select') {
    return (
      <Select
        label={label}
        data={enumOptions(field.enumType!)}
        value={typeof value === 'number' ? String(value) : null}
        onChange={(next) => onChange(field.path, next === null ? null : Number(next))}
        {...readOnlySelect(readOnly)}
        error={error}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (field.kind === 'text') {
    return (
      <TextInput
        label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(field.path, event.currentTarget.value)}
        readOnly={readOnly}
        required={field.required}
        error={error}
      />
    );
  }
  // The physical range the server checks (domain `ranges.ts`), shown while the field is empty.
  const range = fieldRange(moduleSchema, field.path);
  if (field.quantity) {
    const kind = field.quantity;
    // A range error (the schema's text names the stored unit, e.g. mm) is restated in the user's units.
    const bounds = range ? displayBounds(kind, range.min, range.max, units.system) : undefined;
    const shownError =
      bounds && typeof error === 'string' && error.startsWith('Must be a number from ')
        ? `Must be a number from ${bounds.min} to ${bounds.max} ${bounds.symbol}.`
        : error;
    return (
      <QuantityInput
        kind={kind}
        label={field.label}
        unitIn="brackets"
        placeholder={bounds ? `${bounds.min} – ${bounds.max}` : undefined}
        value={typeof value === 'number' ? inputNumber(value) : ''}
        onChange={(next) => onChange(field.path, next === '' ? null : next)}
        readOnly={readOnly}
        error={shownError}
        decimalScale={12}
        hideControls
      />
    );
  }
  return (
    <NumberInput
      label={label}
      placeholder={range ? `${range.min} – ${range.max}` : undefined}
      value={typeof value === 'number' ? inputNumber(value) : ''}
      onChange={(next) =>
        onChange(field.path, typeof next === 'number' ? next : next === '' ? null : Number(next))
      }
      readOnly={readOnly}
      error={error}
      allowDecimal={field.kind === 'number'}
      decimalScale={field.kind === 'integer' ? 0 : 12}
      hideControls
    />
  );
}

export function FieldGroups({ groups, module, onChange, readOnly, errors }: Props) {
  return (
    <Stack gap="md">
      {groups
        .filter((group) => !group.when || group.when(module))
        .map((group) => (
          <Paper withBorder p="md" key={group.title}>
            <Title order={4} mb="sm">
              {group.title}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {group.fields
                .filter((field) => !field.when || field.when(module))
                .map((field) => (
                  <Field
                    key={field.path}
                    field={field}
                    module={module}
                    onChange={onChange}
                    readOnly={readOnly}
                    error={errors[field.path]}
                  />
                ))}
            </SimpleGrid>
          </Paper>
        ))}
    </Stack>
  );
}
