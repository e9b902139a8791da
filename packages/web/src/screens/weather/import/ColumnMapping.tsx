/**
 * Generic CSV: each file column with its header and first values, and selects for what it holds
 * (a quantity, a part of the time stamp, or ignore) and its unit; delimiter, decimal mark, header
 * and first data lines, the time stamp layout and the UTC offset the stamps are written in.
 */
import { Group, NumberInput, Select, Table, Text } from '@mantine/core';
import { SERIES_KEYS, seriesLabel } from '../model/format.ts';
import {
  STAMP_FORMATS,
  STAMP_ROLE_LABELS,
  rolesOfFormat,
  setRole,
  setStampFormat,
  setUnit,
  unitsFor,
  type ColumnRole,
  type ImportForm,
  type StampFormat,
} from '../model/importModel.ts';
import type { GenericCsvInfo } from '../model/types.ts';

const roleOptions = (format: StampFormat) => [
  { value: 'ignore', label: 'Ignore' },
  ...rolesOfFormat(format).map((role) => ({ value: role, label: STAMP_ROLE_LABELS[role] })),
  ...SERIES_KEYS.map((key) => ({ value: key, label: seriesLabel(key) })),
];

const DELIMITERS = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '\t', label: 'Tab' },
  { value: ' ', label: 'Space' },
  { value: '|', label: 'Pipe (|)' },
];

interface Props {
  csv: GenericCsvInfo;
  form: ImportForm;
  onChange: (next: ImportForm) => void;
  error?: string;
}

export function ColumnMapping({ csv, form, onChange, error }: Props) {
  const sample = csv.sampleRows.slice(0, 3);
  return (
    <div>
      <Group gap="sm" mb="sm" align="flex-end" wrap="wrap">
        <Select
          label="Delimiter"
          data={
            DELIMITERS.some((d) => d.value === form.delimiter)
              ? DELIMITERS
              : [...DELIMITERS, { value: form.delimiter, label: form.delimiter }]
          }
          value={form.delimiter}
          onChange={(value) => onChange({ ...form, delimiter: value ?? ',' })}
          allowDeselect={false}
          w={150}
        />
        <Select
          label="Decimal mark"
          data={[
            { value: '.', label: 'Point (12.5)' },
            { value: ',', label: 'Comma (12,5)' },
          ]}
          value={form.decimal}
          onChange={(value) => onChange({ ...form, decimal: value === ',' ? ',' : '.' })}
          allowDeselect={false}
          w={140}
        />
        <NumberInput
          label="Header line"
          description="0 = first line"
          value={form.headerRow}
          min={-1}
          max={1000}
          onChange={(value) =>
            onChange({
              ...form,
              headerRow: typeof value === 'number' ? value : 0,
              firstDataRow: Math.max(form.firstDataRow, (typeof value === 'number' ? value : 0) + 1),
            })
          }
          w={120}
        />
        <NumberInput
          label="First data line"
          value={form.firstDataRow}
          min={0}
          max={1000}
          onChange={(value) =>
            onChange({ ...form, firstDataRow: typeof value === 'number' ? value : form.headerRow + 1 })
          }
          w={120}
        />
      </Group>
      <Group gap="sm" mb="sm" align="flex-end" wrap="wrap">
        <Select
          label="Time stamp layout"
          data={STAMP_FORMATS.map((f) => ({ value: f.value, label: f.label }))}
          value={form.stampFormat}
          onChange={(value) => value && onChange(setStampFormat(form, value as StampFormat))}
          allowDeselect={false}
          w={360}
        />
        {form.stampFormat === 'date time' && (
          <Select
            label="Date order"
            data={[
              { value: 'ymd', label: 'Year-month-day' },
              { value: 'mdy', label: 'Month/day/year' },
              { value: 'dmy', label: 'Day/month/year' },
            ]}
            value={form.dateOrder}
            onChange={(value) =>
              onChange({ ...form, dateOrder: (value ?? 'ymd') as ImportForm['dateOrder'] })
            }
            allowDeselect={false}
            w={170}
          />
        )}
        <NumberInput
          label="Time stamps in (hours from UTC)"
          description="Empty: the site's time zone"
          value={form.stampTimeZone}
          onChange={(value) => onChange({ ...form, stampTimeZone: typeof value === 'number' ? value : '' })}
          min={-12}
          max={14}
          step={0.5}
          decimalScale={2}
          w={230}
        />
      </Group>
      {error && (
        <Text c="red" size="sm" mb="xs" role="alert">
          {error}
        </Text>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table withTableBorder verticalSpacing="xs" aria-label="Column mapping">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>First values</Table.Th>
              <Table.Th>Holds</Table.Th>
              <Table.Th>Unit</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.columns.map((row) => {
              const units = unitsFor(row.role, csv.units);
              return (
                <Table.Tr key={row.index}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {row.header || `Column ${row.index + 1}`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {sample.map((values) => String(values[row.index] ?? '')).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Quantity of ${row.header || `column ${row.index + 1}`}`}
                      data={roleOptions(form.stampFormat)}
                      value={row.role}
                      onChange={(value) =>
                        onChange({
                          ...form,
                          columns: setRole(
                            form.columns,
                            row.index,
                            (value ?? 'ignore') as ColumnRole,
                            csv.units,
                          ),
                        })
                      }
                      allowDeselect={false}
                      w={200}
                    />
                  </Table.Td>
                  <Table.Td>
                    {units.length ? (
                      <Select
                        aria-label={`Unit of ${row.header || `column ${row.index + 1}`}`}
                        data={units}
                        value={row.unit}
                        onChange={(value) =>
                          onChange({ ...form, columns: setUnit(form.columns, row.index, value ?? units[0]!) })
                        }
                        allowDeselect={false}
                        w={140}
                      />
                    ) : (
                      <Text size="sm" c="dimmed">
                        --
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
