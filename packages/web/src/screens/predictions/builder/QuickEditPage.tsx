/**
 * `block-array-builder-quick-edit` (spec 1 §2): the plant as one editable table, a row per DC field
 * (virtualized: plants of hundreds of fields scroll and edit smoothly). A cell edit changes the draft
 * plant immutably along the edited path only and applies the builder's rules to that field
 * (quickEdit/model.ts); the header's Save saves it. Read-only predictions show every cell disabled.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Anchor, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { finiteNumber, formatNumber, plantTotals } from '@sunfield/domain';
import { notifyWarning } from '../../../lib/notify.ts';
import { getInverter } from '../../inverters/api.ts';
import { inverterKeys } from '../../inverters/queries.ts';
import { getModule } from '../../modules/api.ts';
import { moduleKeys } from '../../modules/queries.ts';
import { VirtualTable } from '../../weather/components/VirtualTable.tsx';
import { usePredictionEditor } from '../editor/editorContext.ts';
import type { Json, PowerPlant } from '../model/types.ts';
import { DcFieldPreview } from './preview/DcFieldPreview.tsx';
import { quickEditColumns, sortValue } from './quickEdit/columns.tsx';
import { ModulePickerModal } from './quickEdit/ModulePickerModal.tsx';
import {
  applyQuickEdit,
  embeddedRecords,
  missingRecordIds,
  plantRows,
  rowWarnings,
  visibleRows,
  type QuickEditContext,
  type QuickEditKey,
  type QuickEditRow,
  type QuickEditSort,
} from './quickEdit/model.ts';

/** The library records the rules need: the plant's embedded ones, those fetched, those picked here. */
function usePlantRecords(plant: PowerPlant | null, picked: ReadonlyMap<number, Json>) {
  const embedded = useMemo(() => embeddedRecords(plant), [plant]);
  const missing = useMemo(
    () =>
      missingRecordIds(plant, {
        modules: new Map([...embedded.modules, ...picked]),
        inverters: embedded.inverters,
      }),
    [plant, embedded, picked],
  );
  const modules = useQueries({
    queries: missing.modules.map((id) => ({
      queryKey: moduleKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getModule(id, signal),
    })),
  });
  const inverters = useQueries({
    queries: missing.inverters.map((id) => ({
      queryKey: inverterKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getInverter(id, signal),
    })),
  });
  const fetchedModules = modules.map((q) => q.data);
  const fetchedInverters = inverters.map((q) => q.data);
  const moduleKey = fetchedModules.map((m) => m?.id ?? 0).join(',');
  const inverterKey = fetchedInverters.map((m) => m?.id ?? 0).join(',');
  return useMemo(() => {
    const m = new Map<number, Json>([...embedded.modules, ...picked]);
    for (const r of fetchedModules) if (r) m.set(r.id, r as unknown as Json);
    const i = new Map<number, Json>(embedded.inverters);
    for (const r of fetchedInverters) if (r) i.set(r.id, r as unknown as Json);
    return { modules: m, inverters: i };
    // the fetched lists are new arrays each render; their ids say when they changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [embedded, picked, moduleKey, inverterKey]);
}

export function QuickEditPage() {
  const editor = usePredictionEditor();
  const { plant, prediction, project, readOnly, units, setPlant } = editor;
  const [picked, setPicked] = useState<ReadonlyMap<number, Json>>(new Map());
  const records = usePlantRecords(plant, picked);
  const [filter, setFilter] = useState('');
  const [debouncedFilter] = useDebouncedValue(filter, 150);
  const [sort, setSort] = useState<QuickEditSort | null>(null);
  const [picking, setPicking] = useState<QuickEditRow | null>(null);
  /** the row whose previews show under the table (clicked or focused) */
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const latitude = typeof project.latitude === 'number' ? project.latitude : 0;

  const rows = useMemo(() => plantRows(plant), [plant]);
  const shown = useMemo(
    () => visibleRows(rows, debouncedFilter, sort, sortValue),
    [rows, debouncedFilter, sort],
  );
  const selected = rows.find((r) => r.key === selectedKey) ?? null;
  const totals = useMemo(() => (plant ? plantTotals(plant) : null), [plant]);
  const warnings = useMemo(() => {
    const counts = new Map<string, number>();
    const seenInverters = new Set<Json>();
    for (const row of rows) {
      const w = rowWarnings(row, latitude);
      if (w.dcAc && !seenInverters.has(row.inverter)) {
        seenInverters.add(row.inverter);
        counts.set(w.dcAc, (counts.get(w.dcAc) ?? 0) + 1);
      }
      if (w.azimuth) counts.set(w.azimuth, (counts.get(w.azimuth) ?? 0) + 1);
    }
    return [...counts];
  }, [rows, latitude]);

  const context = useRef<QuickEditContext | null>(null);
  context.current = {
    latitude,
    useCoolingTemp: plant?.useCoolingTemp === true,
    site: {
      min50Year: finiteNumber(prediction.min50Year) ?? null,
      cool996: finiteNumber(prediction.cool996) ?? null,
      elevation: finiteNumber(prediction.elevation) ?? finiteNumber(project.elevation) ?? null,
      spectralShiftModel: finiteNumber(prediction.spectralShiftModel) ?? null,
    },
    modules: records.modules,
    inverters: records.inverters,
  };
  const plantRef = useRef(plant);
  plantRef.current = plant;

  /** Applies edits to the latest plant; shows the rules' notices once. */
  const apply = useCallback(
    (edits: { row: QuickEditRow; key: QuickEditKey; value: number }[], extra?: Map<number, Json>) => {
      const current = plantRef.current;
      if (!current || !context.current) return 'There is no plant.';
      const ctx = extra
        ? { ...context.current, modules: new Map([...context.current.modules, ...extra]) }
        : context.current;
      let next = current;
      let error: string | null = null;
      const notices = new Set<string>();
      for (const e of edits) {
        const r = applyQuickEdit(next, e.row.path, e.key, e.value, ctx);
        next = r.plant;
        error ??= r.error;
        for (const n of r.notices) notices.add(n);
      }
      if (next !== current) {
        plantRef.current = next;
        setPlant(() => next);
      }
      for (const n of notices) notifyWarning(n);
      return edits.length === 1 ? error : null;
    },
    [setPlant],
  );

  const columns = useMemo(
    () =>
      quickEditColumns({
        units,
        latitude,
        readOnly,
        sort,
        errors: editor.errors,
        onSort: (column) =>
          setSort((s) =>
            s?.column !== column
              ? { column, direction: 'asc' }
              : s.direction === 'asc'
                ? { column, direction: 'desc' }
                : null,
          ),
        onEdit: (row, key, value) => apply([{ row, key, value }]),
        onPickModule: (row) => setPicking(row),
      }),
    [units, latitude, readOnly, sort, editor.errors, apply],
  );

  if (!plant) {
    return (
      <Text c="dimmed">
        This prediction has no power plant yet.{' '}
        <Anchor component={Link} to="../block-array-builder">
          Build it in the Block Array Builder
        </Anchor>
        .
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Filter DC fields"
          placeholder="B12, Inv A, module name…"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          w={280}
        />
        {totals && (
          <Text size="sm" aria-label="Plant totals">
            {shown.length === rows.length
              ? `${rows.length} DC fields`
              : `${shown.length} of ${rows.length} DC fields`}
            {' · '}DC {formatNumber(totals.dcCapacityKw / 1000, 3)} MW · AC{' '}
            {formatNumber(totals.acCapacityKw / 1000, 3)} MW · DC:AC {formatNumber(totals.dcAcRatio, 4)}
          </Text>
        )}
      </Group>
      {readOnly && (
        <Text size="sm" c="dimmed">
          This prediction is read-only.
        </Text>
      )}
      {warnings.length > 0 && (
        <Stack gap={2} aria-label="Plant warnings">
          {warnings.map(([text, count]) => (
            <Text key={text} size="sm" c="orange.8">
              {text} ({count} {count === 1 ? 'place' : 'places'})
            </Text>
          ))}
        </Stack>
      )}
      <VirtualTable
        label="Quick Edit"
        columns={columns}
        count={shown.length}
        getRow={(index) => shown[index]}
        rowHeight={36}
        height={`min(60vh, ${shown.length * 36 + 44}px)`}
        minWidth={2000}
        onRowClick={(row) => setSelectedKey(row.key)}
        rowStyle={(row) =>
          row.key === selectedKey ? { background: 'var(--mantine-color-blue-0)' } : undefined
        }
      />
      <Text size="xs" c="dimmed">
        Type a value and press Enter (or leave the cell) to apply it; Escape reverts. The Block Array
        Builder&apos;s rules update the field&apos;s other values, never a locked one; typing a value that has
        a lock locks it (shaded cells). Save with the Save button above.
      </Text>
      {selected ? (
        <Stack gap="xs">
          <Title order={4}>Preview of {selected.label}</Title>
          <DcFieldPreview
            field={selected.field}
            inverter={selected.inverter}
            prediction={prediction}
            project={project}
          />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Click a row to preview its string voltage window and a clear-sky day.
        </Text>
      )}
      {picking && (
        <ModulePickerModal
          target={picking.label}
          shownCount={shown.length}
          onClose={() => setPicking(null)}
          onPick={(module, allShown) => {
            const id = module.id as number;
            const extra = new Map([[id, module]]);
            setPicked((p) => new Map([...p, [id, module]]));
            const targets = allShown ? shown : [picking];
            apply(
              targets.map((row) => ({ row, key: 'moduleId' as const, value: id })),
              extra,
            );
          }}
        />
      )}
    </Stack>
  );
}
