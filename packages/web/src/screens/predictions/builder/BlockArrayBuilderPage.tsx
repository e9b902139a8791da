/**
 * prediction/{id}/block-array-builder (spec 1 §2, §4–5): the plant as a tree (blocks → arrays →
 * inverters → DC fields, each with its repeater and its DC and AC size), add / clone / remove at each
 * level with the selection rules of spec 1 §4 and a toast for each, and the editor of the selected
 * node. A prediction without a plant offers "Create plant" (one block, array, inverter and DC field
 * from the defaults). The rules run as the user types, on the edited node only (model/fieldRules.ts),
 * and each edit copies only the path to the edited node (model/plantEdit.ts), so a plant of hundreds
 * of blocks stays responsive. Read-only predictions show every input disabled. Unsaved changes are
 * kept by the prediction page (Save in the header; leaving asks).
 */
import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatNumber, kwToMw, roundRatio, TOAST } from '@sunfield/domain';
import { useMemo, useRef, useState } from 'react';
import { notifyError, toast } from '../../../lib/notify.ts';
import { usePredictionEditor } from '../editor/editorContext.ts';
import type { Json, PowerPlant } from '../model/types.ts';
import { ArrayEditor } from './editors/ArrayEditor.tsx';
import { BlockEditor } from './editors/BlockEditor.tsx';
import { DcFieldEditor } from './editors/DcFieldEditor.tsx';
import { InverterEditor } from './editors/InverterEditor.tsx';
import { editDcField, editInverter, pickInverter, pickModule, type RuleResult } from './model/fieldRules.ts';
import {
  addNode,
  cloneNode,
  createPlant,
  nodeAt,
  nodeDefaults,
  nodesOnPath,
  plantSize,
  reconcile,
  removeNode,
  select,
  siblingsAt,
  titleOf,
  updateAt,
  type NodePath,
  type Selection,
  type TreeChange,
} from './model/plantEdit.ts';
import { PlantTree } from './PlantTree.tsx';
import { TreeToolbar, type TreeAction } from './TreeToolbar.tsx';
import { useCompanyDefaults, useNodeRecords, useRuleContext } from './useBuilderData.ts';

/** A node with `patch` over it; null values are removed (a cleared value). */
function merged(node: Json, patch: Json): Json {
  const next: Json = { ...node, ...patch };
  for (const [key, value] of Object.entries(patch)) if (value === null) delete next[key];
  return next;
}

const keyOf = (path: NodePath) => path.join('.');

export function BlockArrayBuilderPage() {
  const editor = usePredictionEditor();
  const { plant, readOnly, units, project, prediction } = editor;
  const companyDefaults = useCompanyDefaults();
  const { ctx, loadModule, loadInverter } = useRuleContext(editor);
  const defaults = useMemo(
    () => nodeDefaults(companyDefaults.data ?? null, project.latitude),
    [companyDefaults.data, project.latitude],
  );
  const [chosen, setChosen] = useState<Selection | null>(null);
  const selection = useMemo(() => reconcile(plant, chosen), [plant, chosen]);
  const [notices, setNotices] = useState<{ key: string; messages: string[] }>({ key: '', messages: [] });
  const [pickError, setPickError] = useState<{ key: string; message: string } | null>(null);
  // The plant of the last render, for edits that finish after an await (a picked record's load).
  const plantRef = useRef(plant);
  plantRef.current = plant;

  const selectedPath = selection ? selection.path.slice(0, selection.depth + 1) : null;
  const onPath = plant && selection ? nodesOnPath(plant, selection.path) : [];
  const selectedField = onPath[3];
  const selectedInverter = onPath[2];
  const records = useNodeRecords(selectedField, selectedInverter);

  if (!plant) {
    return (
      <Paper withBorder p="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={3}>Block Array Builder</Title>
          <Text c="dimmed">This prediction has no power plant yet.</Text>
          {!readOnly && (
            <Button
              onClick={() => {
                const next = createPlant(defaults);
                editor.setPlant(() => next);
                setChosen(select(next, [0]));
                toast(TOAST.created('Power plant'));
              }}
            >
              Create plant
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  const current: PowerPlant = plant;

  function apply(change: TreeChange | null, verb: string, failure: string) {
    if (!change) {
      notifyError(new Error(failure), failure);
      return;
    }
    editor.setPlant(() => change.plant);
    setChosen(change.selection);
    toast(`${change.title} was ${verb}`);
  }

  function onAction(action: TreeAction, depth: number) {
    if (readOnly) return;
    const path = selection?.path ?? [];
    if (action === 'add')
      apply(
        addNode(current, depth, path.slice(0, depth), defaults),
        'added',
        'Every name of this level is taken.',
      );
    else if (action === 'clone')
      apply(cloneNode(current, path.slice(0, depth + 1)), 'cloned', 'Every name of this level is taken.');
    else apply(removeNode(current, path.slice(0, depth + 1)), 'removed', 'Nothing to remove.');
  }

  function keepNotices(key: string, result: RuleResult) {
    setNotices((before) => {
      if (!result.notices.length) return before.key === key ? before : { key, messages: [] };
      const base = before.key === key ? before.messages : [];
      return { key, messages: [...new Set([...base, ...result.notices])] };
    });
  }

  /** An inverter node changed by a rule function; the rest of the plant is reused. */
  function changeInverter(inverterPath: NodePath, noticeKey: string, run: (node: Json) => RuleResult) {
    const node = nodeAt(plantRef.current, inverterPath);
    if (!node || !plantRef.current) return;
    const result = run(node);
    const next = updateAt(plantRef.current, inverterPath, () => result.inverter);
    plantRef.current = next;
    editor.setPlant(() => next);
    keepNotices(noticeKey, result);
  }

  const onEditNode = (path: NodePath) => (patch: Json) => {
    if (readOnly) return;
    const next = updateAt(current, path, (node) => merged(node, patch));
    plantRef.current = next;
    editor.setPlant(() => next);
  };
  const onEditInverter = (path: NodePath) => (patch: Json) => {
    if (!readOnly) changeInverter(path, keyOf(path), (node) => editInverter(node, patch, ctx));
  };
  const onEditField = (path: NodePath) => (patch: Json) => {
    if (!readOnly)
      changeInverter(path.slice(0, 3), keyOf(path), (node) => editDcField(node, path[3]!, patch, ctx));
  };

  async function onPick(kind: 'module' | 'inverter', path: NodePath, id: number) {
    if (readOnly) return;
    setPickError(null);
    try {
      const record = kind === 'module' ? await loadModule(id) : await loadInverter(id);
      if (kind === 'module')
        changeInverter(path.slice(0, 3), keyOf(path), (node) => pickModule(node, path[3]!, record, ctx));
      else changeInverter(path, keyOf(path), (node) => pickInverter(node, record, ctx));
    } catch (error) {
      setPickError({ key: keyOf(path), message: `The ${kind} could not be loaded.` });
      notifyError(error, `The ${kind} could not be loaded`);
    }
  }

  const total = plantSize(current);
  const ratio = total.acKw > 0 ? total.dcKw / total.acKw : Number.NaN;
  const useMapBuilder = prediction.useMapBuilder === true;

  function renderEditor() {
    if (!selection || !selectedPath) return <Text c="dimmed">Add a block to start the plant.</Text>;
    const depth = selection.depth;
    const node = onPath[depth];
    if (!node) return null;
    const siblings = siblingsAt(current, selectedPath);
    const key = keyOf(selectedPath);
    const common = { node, siblings, units, disabled: readOnly };
    const error = pickError?.key === key ? pickError.message : null;
    if (depth === 0) return <BlockEditor key={key} {...common} onChange={onEditNode(selectedPath)} />;
    if (depth === 1) return <ArrayEditor key={key} {...common} onChange={onEditNode(selectedPath)} />;
    if (depth === 2)
      return (
        <InverterEditor
          key={key}
          {...common}
          record={records.inverter}
          useMapBuilder={useMapBuilder}
          pickError={error}
          onChange={onEditInverter(selectedPath)}
          onPickInverter={(id) => void onPick('inverter', selectedPath, id)}
        />
      );
    return (
      <DcFieldEditor
        key={key}
        field={node}
        siblings={siblings}
        inverter={onPath[2]!}
        module={records.module}
        inverterRecord={records.inverter}
        units={units}
        disabled={readOnly}
        latitude={project.latitude}
        useMapBuilder={useMapBuilder}
        notices={notices.key === key ? notices.messages : []}
        trackerDefaults={defaults.tracker}
        prediction={prediction}
        project={project}
        pickError={error}
        onChange={onEditField(selectedPath)}
        onPickModule={(id) => void onPick('module', selectedPath, id)}
      />
    );
  }

  const breadcrumb = selection
    ? onPath.slice(0, selection.depth + 1).map((node, depth) => ({
        title: titleOf(depth, node, selection.path[depth]!),
        path: selection.path.slice(0, depth + 1),
      }))
    : [];

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Stack gap="sm">
          <Paper withBorder p="sm">
            <Group gap="lg" data-testid="plant-totals">
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  DC size
                </Text>
                <Text fw={600}>{formatNumber(kwToMw(total.dcKw), 3)} MW</Text>
              </Stack>
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  AC size
                </Text>
                <Text fw={600}>{formatNumber(kwToMw(total.acKw), 3)} MW</Text>
              </Stack>
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  DC:AC
                </Text>
                <Text fw={600}>{Number.isFinite(ratio) ? formatNumber(roundRatio(ratio), 4) : '--'}</Text>
              </Stack>
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  Blocks
                </Text>
                <Text fw={600}>{current.blocks.length}</Text>
              </Stack>
            </Group>
          </Paper>
          <Paper withBorder p="sm">
            <TreeToolbar plant={current} selection={selection} disabled={readOnly} onAction={onAction} />
          </Paper>
          <Paper withBorder p={4}>
            {current.blocks.length ? (
              <PlantTree
                plant={current}
                selection={selection}
                onSelect={(path) => setChosen(select(current, path))}
              />
            ) : (
              <Text c="dimmed" p="sm">
                The plant has no block.
              </Text>
            )}
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        <Stack gap="sm">
          {breadcrumb.length > 0 && (
            <Group gap={6} aria-label="Selected node">
              {breadcrumb.map((item, i) => (
                <Group key={item.title + i} gap={6}>
                  {i > 0 && <Text c="dimmed">›</Text>}
                  {i === breadcrumb.length - 1 ? (
                    <Text fw={600}>{item.title}</Text>
                  ) : (
                    <Anchor
                      component="button"
                      type="button"
                      onClick={() => setChosen(select(current, item.path))}
                    >
                      {item.title}
                    </Anchor>
                  )}
                </Group>
              ))}
            </Group>
          )}
          {readOnly && (
            <Alert color="gray" variant="light">
              This prediction is read-only: its plant can be looked at, not changed.
            </Alert>
          )}
          {renderEditor()}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
