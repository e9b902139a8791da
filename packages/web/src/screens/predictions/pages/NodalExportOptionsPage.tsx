/**
 * prediction/{id}/nodal-export-options (spec 1 §2): which nodes keep their time series in a run —
 * the system, the energy storage, and per block its block, arrays, inverters and DC fields — saved on
 * their own with 'Save Export Options' (PUT …/PowerPlant/ExportOptions, toast '{name} export options
 * were saved').
 *
 * The flags live in this page's state, not in the prediction's draft, so editing them never makes
 * the prediction dirty. After a save (settings/exportOptionsModel.ts): a draft with unsaved changes
 * takes the flags in (it is dirty already; its Save then sends them rather than the old ones); a clean
 * draft is left alone and the prediction reloads with them. Unsaved flags count as unsaved changes of
 * the page (lib/dirtyForm.ts): leaving the prediction asks first; moving to another of its pages
 * (which pass freely) loses them, and the page says so while there are some.
 */
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { TOAST } from '@sunfield/domain';
import { useCallback, useMemo, useState } from 'react';
import { notifyError, toast } from '../../../lib/notify.ts';
import { saveExportOptions } from '../api.ts';
import { usePredictionEditor } from '../editor/editorContext.ts';
import type { PowerPlant } from '../model/types.ts';
import { usePredictionCache } from '../queries.ts';
import {
  exportFlagsOf,
  exportOptionsPayload,
  exportSummary,
  foldExportFlags,
  sameFlags,
  setBlockFlag,
  setColumn,
  type BlockFlagKey,
  type ExportFlags,
} from './settings/exportOptionsModel.ts';
import { ExportOptionsTable } from './settings/ExportOptionsTable.tsx';
import { NoPlantNotice } from './settings/NoPlantNotice.tsx';
import { useDirtyForm } from '../../../lib/dirtyForm.ts';
import { SettingsCard } from './settings/SettingsCard.tsx';

export function NodalExportOptionsPage() {
  const editor = usePredictionEditor();
  if (!editor.plant) return <NoPlantNotice what="Nodal export options" />;
  return <ExportOptionsEditor plant={editor.plant} />;
}

function ExportOptionsEditor({ plant }: { plant: PowerPlant }) {
  const editor = usePredictionEditor();
  const cache = usePredictionCache();
  const stored = useMemo(() => exportFlagsOf(plant), [plant]);
  // Flags being edited (null: none), and flags saved while the draft was clean, shown until the
  // reloaded prediction brings them (while the draft plant is still the one they were saved from).
  const [local, setLocal] = useState<ExportFlags | null>(null);
  const [held, setHeld] = useState<{ flags: ExportFlags; plant: PowerPlant } | null>(null);
  const [saving, setSaving] = useState(false);
  const base = held && held.plant === plant ? held.flags : stored;
  const flags = local ?? base;
  const changed = local !== null && !sameFlags(local, base);
  useDirtyForm(changed && !editor.readOnly);
  const readOnly = editor.readOnly;
  const noSavedPlant = !editor.saved.powerPlant;
  const hasEss = plant.ess !== null && plant.ess !== undefined;

  const edit = useCallback(
    (change: (current: ExportFlags) => ExportFlags) => setLocal((current) => change(current ?? base)),
    [base],
  );
  const onFlag = useCallback(
    (index: number, key: BlockFlagKey, value: boolean) => edit((f) => setBlockFlag(f, index, key, value)),
    [edit],
  );
  const onColumn = useCallback(
    (key: BlockFlagKey, value: boolean) => edit((f) => setColumn(f, key, value)),
    [edit],
  );

  async function save() {
    setSaving(true);
    const name = editor.saved.name;
    try {
      await saveExportOptions(editor.projectId, editor.predictionId, exportOptionsPayload(flags));
      toast(TOAST.exportOptionsSaved(name));
      if (editor.dirty) {
        editor.setPlant((current) => (current ? foldExportFlags(current, flags) : current));
      } else {
        setHeld({ flags, plant });
        cache.saved(editor.projectId, editor.predictionId);
      }
      setLocal(null);
    } catch (error) {
      notifyError(error, `${name} export options could not be saved`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsCard
      id="nodal-export-options"
      title="Nodal export options"
      description="The nodes whose time series a run keeps, for the results table, charts and the nodal export. Saved on their own, apart from the prediction."
      actions={
        !readOnly && (
          <>
            <Button variant="default" size="xs" disabled={!changed || saving} onClick={() => setLocal(null)}>
              Discard
            </Button>
            <Button
              size="xs"
              onClick={() => void save()}
              loading={saving}
              disabled={!changed || noSavedPlant}
            >
              Save Export Options
            </Button>
          </>
        )
      }
    >
      <Stack gap="md">
        {noSavedPlant && (
          <Alert color="yellow">Save the prediction first: its power plant is not saved yet.</Alert>
        )}
        <Group gap="xl">
          <Checkbox
            label="System"
            description="The plant at the point of interconnection"
            checked={flags.exportSystem}
            disabled={readOnly}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              edit((f) => ({ ...f, exportSystem: on }));
            }}
          />
          {(hasEss || flags.exportESS) && (
            <Checkbox
              label="Energy storage"
              checked={flags.exportESS}
              disabled={readOnly}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                edit((f) => ({ ...f, exportESS: on }));
              }}
            />
          )}
        </Group>
        <ExportOptionsTable flags={flags} disabled={readOnly} onFlag={onFlag} onColumn={onColumn} />
        <Text size="sm" data-testid="export-summary">
          {exportSummary(flags)}
        </Text>
        {changed && (
          <Text size="sm" c="orange">
            Unsaved export options: save them before leaving this page.
          </Text>
        )}
      </Stack>
    </SettingsCard>
  );
}
