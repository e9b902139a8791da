/**
 * Import PAN: pick a PVsyst .PAN file, POST /Module/ImportPANFile (the upload overlay shows progress
 * and Cancel Upload) and review the parsed values; Create posts it to /Module/CreatePANFileModule
 * and opens the new module.
 */
import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TOAST, definitionLabel } from '@sunfield/domain';
import { UploadCancelledError } from '../../../api/upload.ts';
import { buildErrorMessages } from '../../../api/errors.ts';
import { toast } from '../../../lib/notify.ts';
import { createPanModule, parsePanFile } from '../api.ts';
import type { ModuleRecord } from '../model/types.ts';
import { useModuleCache } from '../queries.ts';

const SHOWN: { key: string; label: string; unit?: string; enumType?: string }[] = [
  { key: 'manufacturer', label: 'Manufacturer' },
  { key: 'model', label: 'Model' },
  { key: 'cellTechnologyType', label: 'Cell technology', enumType: 'CellTechnologyTypeEnum' },
  { key: 'faciality', label: 'Faciality', enumType: 'FacialityEnum' },
  { key: 'stcMaxPower', label: 'Maximum power', unit: 'W' },
  { key: 'stcShortCircuitCurrent', label: 'Short-circuit current', unit: 'A' },
  { key: 'stcOpenCircuitVoltage', label: 'Open-circuit voltage', unit: 'V' },
  { key: 'stcmppCurrent', label: 'MPP current', unit: 'A' },
  { key: 'stcmppVoltage', label: 'MPP voltage', unit: 'V' },
  { key: 'numberOfCellsInSeries', label: 'Cells in series' },
  { key: 'seriesResistanceAtSTC', label: 'Series resistance', unit: 'Ω' },
  { key: 'shuntResistanceAtSTC', label: 'Shunt resistance', unit: 'Ω' },
  { key: 'diodeIdealityFactorAtSTC', label: 'Diode ideality factor' },
  { key: 'length', label: 'Length', unit: 'mm' },
  { key: 'width', label: 'Width', unit: 'mm' },
];

function show(value: unknown, enumType?: string): string {
  if (value === null || value === undefined) return '--';
  if (enumType && typeof value === 'number') return definitionLabel(enumType, value) ?? String(value);
  if (typeof value === 'number') return String(Math.round(value * 1e6) / 1e6);
  return String(value);
}

export function PanImportModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const cache = useModuleCache();
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<ModuleRecord | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function pick(next: File | null) {
    setFile(next);
    setParsed(null);
    setError([]);
    if (!next) return;
    setBusy(true);
    try {
      const module = await parsePanFile(next).promise;
      setParsed(module);
      setName(module.name ?? '');
    } catch (failure) {
      if (!(failure instanceof UploadCancelledError))
        setError(buildErrorMessages((failure as { body?: unknown }).body ?? failure));
      else setFile(null);
    } finally {
      setBusy(false);
    }
  }

  async function create() {
    if (!file) return;
    setBusy(true);
    try {
      const { id } = await createPanModule(file, name.trim() || undefined).promise;
      toast(TOAST.created(name.trim() || parsed?.name || file.name));
      cache.changed(id);
      onClose();
      navigate(`/module/${id}`);
    } catch (failure) {
      if (!(failure instanceof UploadCancelledError))
        setError(buildErrorMessages((failure as { body?: unknown }).body ?? failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={() => !busy && onClose()} title="Import PAN file" size="lg">
      <Stack gap="md">
        <FileInput
          label="PAN file"
          placeholder="Choose a .PAN file"
          accept=".pan,.PAN"
          value={file}
          onChange={(next) => void pick(next)}
          clearable
          disabled={busy}
        />
        {error.length > 0 && (
          <Alert color="red" title="The PAN file could not be imported">
            {error.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        )}
        {parsed && (
          <>
            <TextInput
              label="Name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              required
            />
            <Table aria-label="PAN file values" striped withTableBorder>
              <Table.Tbody>
                {SHOWN.map((field) => (
                  <Table.Tr key={field.key}>
                    <Table.Td>{field.unit ? `${field.label} [${field.unit}]` : field.label}</Table.Td>
                    <Table.Td data-testid={`pan-${field.key}`}>
                      {show(parsed[field.key], field.enumType)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            onClick={() => void create()}
            disabled={!parsed || !name.trim()}
            loading={busy && parsed !== null}
          >
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
