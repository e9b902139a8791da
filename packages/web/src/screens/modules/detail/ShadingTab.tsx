/**
 * The shading tab: the shading response, its fractional effect and the user-defined electrical
 * shading table, loaded from a CSV (POST /Module/ElectricalShading/CustomParse).
 */
import { Alert, Button, FileButton, Group, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { UploadCancelledError } from '../../../api/upload.ts';
import { notifyError } from '../../../lib/notify.ts';
import { parseShadingTable } from '../api.ts';
import { FieldGroups } from '../components/FieldGroups.tsx';
import { SHADING_GROUPS } from '../model/fields.ts';
import { USER_DEFINED_SHADING, shadingTableError } from '../model/moduleRules.ts';
import type { ModuleRecord } from '../model/types.ts';

interface Props {
  module: ModuleRecord;
  onChange: (path: string, value: unknown) => void;
  readOnly: boolean;
  errors: Record<string, string>;
}

/** A row of the table as cells: number lists as they are, objects by their values. */
function cells(row: unknown): string[] {
  if (Array.isArray(row)) return row.map(String);
  if (row && typeof row === 'object')
    return Object.entries(row)
      .filter(([key]) => key !== 'id')
      .map(([, value]) => String(value));
  return [String(row)];
}

export function ShadingTab({ module, onChange, readOnly, errors }: Props) {
  const [busy, setBusy] = useState(false);
  const table = Array.isArray(module.electricalShadingInputTable) ? module.electricalShadingInputTable : [];
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const parsed = await parseShadingTable(file).promise;
      onChange('electricalShadingInputTable', parsed.electricalShadingInputTable);
    } catch (error) {
      if (!(error instanceof UploadCancelledError)) notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const missing = shadingTableError(module);
  const width = table.reduce<number>((max, row) => Math.max(max, cells(row).length), 0);
  return (
    <>
      <FieldGroups
        groups={SHADING_GROUPS}
        module={module}
        onChange={onChange}
        readOnly={readOnly}
        errors={errors}
      />
      <Paper withBorder p="md" mt="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>Shading table</Title>
          <Group>
            <FileButton onChange={(file) => void upload(file)} accept=".csv,text/csv">
              {(props) => (
                <Button {...props} variant="light" loading={busy} disabled={readOnly}>
                  Upload CSV
                </Button>
              )}
            </FileButton>
            <Button
              variant="subtle"
              color="red"
              disabled={readOnly || !table.length}
              onClick={() => onChange('electricalShadingInputTable', [])}
            >
              Clear table
            </Button>
          </Group>
        </Group>
        {module.moduleShadingResponse === USER_DEFINED_SHADING && missing && (
          <Alert color="red" mb="sm">
            {missing}
          </Alert>
        )}
        {errors.electricalShadingInputTable && (
          <Alert color="red" mb="sm">
            {errors.electricalShadingInputTable}
          </Alert>
        )}
        {table.length ? (
          <ScrollArea h={320}>
            <Table aria-label="Shading table" striped>
              <Table.Tbody>
                {table.map((row, index) => (
                  <Table.Tr key={index}>
                    {cells(row).map((cell, column) => (
                      <Table.Td key={column}>{cell}</Table.Td>
                    ))}
                    {Array.from({ length: width - cells(row).length }, (_, k) => (
                      <Table.Td key={`pad${k}`} />
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        ) : (
          <Text c="dimmed" size="sm">
            No shading table. Upload a CSV of numbers (a header row is allowed).
          </Text>
        )}
      </Paper>
    </>
  );
}
