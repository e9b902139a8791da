/**
 * The block-array builder's plant edits, pure and immutable: a node is addressed by its path of
 * indices (block, array, inverter, DC field); a change copies only the objects on the path from the
 * plant to the changed node and reuses every other node as it is (structural sharing), so memoized
 * rows of a plant of hundreds of blocks repaint only along the edited path and `dirty` stays a
 * reference comparison.
 *
 * Also here: the names of new nodes (blocks, arrays and DC fields 1–100, inverters A–Z, the next free
 * one, spec 1 §5 and spec 2 §9.2), new nodes from the domain's defaults and the company's builder
 * settings, add / clone / remove with the selection rules of spec 1 §4 (selecting a parent selects its
 * first child; removing selects the previous sibling, or the first when the first was removed, or the
 * parent level when none remain), and each node's DC and AC size (cached per node object).
 */
import {
  BLOCK_DEFAULTS,
  companyAzimuth,
  companyBuilderDefaults,
  DEFAULT_MODULE_LAYOUT,
  defaultModuleAzimuth,
  defaultTilt,
  dcFieldPowerKw,
  nodeLabel,
  type BuilderDefaults,
  type PlantLevel,
} from '@sunfield/domain';
import type { Json, PowerPlant } from '../../model/types.ts';

/** Levels by depth: 0 block, 1 array, 2 inverter, 3 DC field. */
export const LEVELS: readonly PlantLevel[] = ['block', 'array', 'inverter', 'dcField'];
/** The children list of a node at each depth (DC fields have none). */
export const CHILD_KEYS = ['arrays', 'inverters', 'dcFields'] as const;
export const LEVEL_NAMES: Readonly<Record<PlantLevel, string>> = {
  block: 'Block',
  array: 'Array',
  inverter: 'Inverter',
  dcField: 'DC field',
};

/** Indices from the block down: [block], [block, array], … (length − 1 = depth). */
export type NodePath = readonly number[];

export const asNodes = (value: unknown): Json[] =>
  Array.isArray(value)
    ? (value as unknown[]).filter((v): v is Json => v !== null && typeof v === 'object')
    : [];

/** The children of a node at `depth` ([] for a DC field). */
export function childrenOf(node: Json, depth: number): Json[] {
  const key = CHILD_KEYS[depth];
  return key ? asNodes(node[key]) : [];
}

/** The list that holds the node at `path` (the plant's blocks for a block). */
export function siblingsAt(plant: PowerPlant, path: NodePath): Json[] {
  let list = asNodes(plant.blocks);
  for (let depth = 0; depth < path.length - 1; depth++) {
    const node = list[path[depth]!];
    if (!node) return [];
    list = childrenOf(node, depth);
  }
  return list;
}

export function nodeAt(plant: PowerPlant | null, path: NodePath): Json | undefined {
  if (!plant || path.length === 0) return undefined;
  return siblingsAt(plant, path)[path[path.length - 1]!];
}

/** The ancestors of the node at `path` and the node itself, block first. */
export function nodesOnPath(plant: PowerPlant, path: NodePath): Json[] {
  const out: Json[] = [];
  let list = asNodes(plant.blocks);
  for (let depth = 0; depth < path.length; depth++) {
    const node = list[path[depth]!];
    if (!node) break;
    out.push(node);
    list = childrenOf(node, depth);
  }
  return out;
}

/**
 * Replaces the list of children under `parentPath` ([] = the plant's blocks) by `change(list)`;
 * copies the plant and the nodes on the path only.
 */
export function replaceList(
  plant: PowerPlant,
  parentPath: NodePath,
  change: (list: Json[]) => Json[],
): PowerPlant {
  const go = (list: Json[], depth: number): Json[] => {
    if (depth === parentPath.length) return change(list);
    const index = parentPath[depth]!;
    const node = list[index];
    if (!node) return list;
    const key = CHILD_KEYS[depth]!;
    const next = list.slice();
    next[index] = { ...node, [key]: go(childrenOf(node, depth), depth + 1) };
    return next;
  };
  return { ...plant, blocks: go(asNodes(plant.blocks), 0) as PowerPlant['blocks'] };
}

/** Replaces the node at `path` by `change(node)`; the rest of the plant is reused. */
export function updateAt(plant: PowerPlant, path: NodePath, change: (node: Json) => Json): PowerPlant {
  if (path.length === 0) return plant;
  const index = path[path.length - 1]!;
  return replaceList(plant, path.slice(0, -1), (list) => {
    const node = list[index];
    if (!node) return list;
    const next = list.slice();
    next[index] = change(node);
    return next;
  });
}

// ---------------------------------------------------------------------------------------------
// Names

/** Blocks, arrays and DC fields are named 1 to this (spec 2 §9.2). */
export const NAME_LIMIT = 100;
export const INVERTER_NAMES = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));

/** Every name a node of `level` may take (1–100, or A–Z). */
export function allNames(level: PlantLevel): (number | string)[] {
  return level === 'inverter' ? INVERTER_NAMES : Array.from({ length: NAME_LIMIT }, (_, i) => i + 1);
}

/** The first name no sibling has, or null when every one is taken. */
export function nextFreeName(level: PlantLevel, siblings: readonly Json[]): number | string | null {
  const used = new Set(siblings.map((s) => s.name));
  return allNames(level).find((name) => !used.has(name)) ?? null;
}

/** The names a node may be renamed to: its own and those no sibling has, in order. */
export function nameOptions(level: PlantLevel, siblings: readonly Json[], own: unknown): (number | string)[] {
  const used = new Set(siblings.map((s) => s.name));
  const out = allNames(level).filter((name) => name === own || !used.has(name));
  if ((typeof own === 'number' || typeof own === 'string') && !out.includes(own)) out.unshift(own);
  return out;
}

/** 'Block 3', 'Inverter A', 'DC field 2' (its name, else its position). */
export const titleOf = (depth: number, node: Json, index: number): string =>
  nodeLabel(LEVELS[depth]!, node, index);

// ---------------------------------------------------------------------------------------------
// New nodes

/** Ground coverage ratio of a new DC field (not given by the spec; the usual 0.4). */
export const NEW_FIELD_GCR = 0.4;

export interface NodeDefaults extends BuilderDefaults {
  latitude: number;
}

/** The defaults of new nodes: the domain's, with the company's builder settings over them. */
export function nodeDefaults(
  companySettings: Readonly<Json> | null | undefined,
  latitude: number,
): NodeDefaults {
  return { ...companyBuilderDefaults(companySettings), latitude };
}

/** A new DC field: the layout defaults with the company's builder settings over them. */
export function newDcField(d: NodeDefaults, name: number): Json {
  const field: Json = {
    moduleId: null,
    trackingType: 0,
    moduleOrientation: DEFAULT_MODULE_LAYOUT.moduleOrientation,
    modulesHigh: 2,
    modulesWide: DEFAULT_MODULE_LAYOUT.modulesWide,
    moduleTilt: d.tilt ?? defaultTilt({ latitude: d.latitude }),
    moduleAzimuth: companyAzimuth(d, d.latitude) ?? defaultModuleAzimuth({ latitude: d.latitude }),
    postHeight: DEFAULT_MODULE_LAYOUT.postHeight,
    groundCoverageRatio: NEW_FIELD_GCR,
    ...d.dcField,
    name,
    ground: { edgeOffset: DEFAULT_MODULE_LAYOUT.groundEdgeOffset, color: DEFAULT_MODULE_LAYOUT.groundColor },
  };
  return field.trackingType === 1 ? { ...d.tracker, ...field } : field;
}

export function newInverter(d: NodeDefaults, name: string): Json {
  return { ...d.inverter, name, inverterId: null, dcFields: [newDcField(d, 1)] };
}

export function newArray(d: NodeDefaults, name: number): Json {
  return { ...d.array, name, inverters: [newInverter(d, 'A')] };
}

export function newBlock(d: NodeDefaults, name: number): Json {
  return { ...BLOCK_DEFAULTS, name, arrays: [newArray(d, 1)] };
}

/** "Create plant": one block with one array, one inverter and one DC field. */
export function createPlant(d: NodeDefaults): PowerPlant {
  return { ...structuredClone(d.plant), blocks: [newBlock(d, 1)] } as PowerPlant;
}

function newNode(depth: number, d: NodeDefaults, name: number | string): Json {
  if (depth === 0) return newBlock(d, name as number);
  if (depth === 1) return newArray(d, name as number);
  if (depth === 2) return newInverter(d, name as string);
  return newDcField(d, name as number);
}

/** A copy of a node and its subtree without node ids or results (the save gives them new ids). */
export function copyNode(node: Json, depth: number): Json {
  const { id: _id, resultList: _results, ...rest } = node;
  const key = CHILD_KEYS[depth];
  if (key) rest[key] = childrenOf(node, depth).map((child) => copyNode(child, depth + 1));
  return rest;
}

// ---------------------------------------------------------------------------------------------
// Selection

/** The selected node (`depth`) and the path down through first children (spec 1 §4). */
export interface Selection {
  depth: number;
  /** indices from the block; at least depth + 1 long, longer through first children */
  path: number[];
}

/** Selects the node at `path`, its first child, that one's first child, and so on. */
export function select(plant: PowerPlant, path: NodePath): Selection | null {
  const node = nodeAt(plant, path);
  if (!node) return null;
  const full = [...path];
  let current = node;
  for (let depth = path.length - 1; depth < 3; depth++) {
    const children = childrenOf(current, depth);
    if (!children.length) break;
    full.push(0);
    current = children[0]!;
  }
  return { depth: path.length - 1, path: full };
}

/**
 * The selection kept valid after the plant changed (a reload, a removal elsewhere): each index is
 * clamped to the nodes that exist; none when the plant has no block.
 */
export function reconcile(plant: PowerPlant | null, selection: Selection | null): Selection | null {
  const blocks = asNodes(plant?.blocks);
  if (!plant || !blocks.length) return null;
  if (!selection) return select(plant, [0]);
  const path: number[] = [];
  let list = blocks;
  for (let depth = 0; depth < selection.path.length && list.length; depth++) {
    const index = Math.min(Math.max(0, selection.path[depth]!), list.length - 1);
    path.push(index);
    list = childrenOf(list[index]!, depth);
  }
  const extended = select(plant, path);
  if (!extended) return select(plant, [0]);
  return { depth: Math.min(selection.depth, path.length - 1), path: extended.path };
}

// ---------------------------------------------------------------------------------------------
// Add, clone, remove

export interface TreeChange {
  plant: PowerPlant;
  selection: Selection | null;
  /** the node's title for the toast: 'Block 2', 'Inverter B' */
  title: string;
}

/** Adds a node at `depth` under `parentPath` with the next free name; null when none is free. */
export function addNode(
  plant: PowerPlant,
  depth: number,
  parentPath: NodePath,
  d: NodeDefaults,
): TreeChange | null {
  const siblings = siblingsAt(plant, [...parentPath, 0]);
  if (depth > 0 && !nodeAt(plant, parentPath)) return null;
  const name = nextFreeName(LEVELS[depth]!, siblings);
  if (name === null) return null;
  const node = newNode(depth, d, name);
  const next = replaceList(plant, parentPath, (list) => [...list, node]);
  return {
    plant: next,
    selection: select(next, [...parentPath, siblings.length]),
    title: titleOf(depth, node, siblings.length),
  };
}

/** Clones the node at `path` (after the last sibling, with the next free name); null when none is free. */
export function cloneNode(plant: PowerPlant, path: NodePath): TreeChange | null {
  const depth = path.length - 1;
  const node = nodeAt(plant, path);
  if (!node) return null;
  const siblings = siblingsAt(plant, path);
  const name = nextFreeName(LEVELS[depth]!, siblings);
  if (name === null) return null;
  const copy = { ...copyNode(node, depth), name };
  const parentPath = path.slice(0, -1);
  const next = replaceList(plant, parentPath, (list) => [...list, copy]);
  return {
    plant: next,
    selection: select(next, [...parentPath, siblings.length]),
    title: titleOf(depth, node, path[depth]!),
  };
}

/**
 * Removes the node at `path`; selects the previous sibling, or the first when the first was removed,
 * or the parent when no sibling remains (nothing when the last block goes).
 */
export function removeNode(plant: PowerPlant, path: NodePath): TreeChange | null {
  const depth = path.length - 1;
  const index = path[depth]!;
  const node = nodeAt(plant, path);
  if (!node) return null;
  const parentPath = path.slice(0, -1);
  const next = replaceList(plant, parentPath, (list) => list.filter((_, i) => i !== index));
  const remaining = siblingsAt(next, path).length;
  const selection = remaining
    ? select(next, [...parentPath, index === 0 ? 0 : index - 1])
    : depth > 0
      ? select(next, parentPath)
      : null;
  return { plant: next, selection, title: titleOf(depth, node, index) };
}

// ---------------------------------------------------------------------------------------------
// Sizes

export interface NodeSize {
  /** DC power [kW] */
  dcKw: number;
  /** AC power: the inverters' setpoints [kW] */
  acKw: number;
}

const repeaterOf = (node: Json): number =>
  typeof node.repeater === 'number' && Number.isFinite(node.repeater) && node.repeater > 0
    ? node.repeater
    : 1;

/** One instance's size by node object: unchanged subtrees are not summed again after an edit. */
const instanceSizes = new WeakMap<Json, NodeSize>();

/** The size of one instance of the node (its own repeater not applied). */
export function instanceSize(node: Json, depth: number): NodeSize {
  const cached = instanceSizes.get(node);
  if (cached) return cached;
  let size: NodeSize;
  if (depth === 3) size = { dcKw: dcFieldPowerKw(node), acKw: 0 };
  else {
    size = { dcKw: 0, acKw: 0 };
    for (const child of childrenOf(node, depth)) {
      const s = nodeSize(child, depth + 1);
      size.dcKw += s.dcKw;
      size.acKw += s.acKw;
    }
    if (depth === 2) size.acKw = typeof node.setpointkW === 'number' ? node.setpointkW : 0;
  }
  instanceSizes.set(node, size);
  return size;
}

/** The node's size with its repeater: what it adds to its parent. */
export function nodeSize(node: Json, depth: number): NodeSize {
  const one = instanceSize(node, depth);
  const r = repeaterOf(node);
  return r === 1 ? one : { dcKw: one.dcKw * r, acKw: one.acKw * r };
}

export function plantSize(plant: PowerPlant | null): NodeSize {
  const total = { dcKw: 0, acKw: 0 };
  for (const block of asNodes(plant?.blocks)) {
    const s = nodeSize(block, 0);
    total.dcKw += s.dcKw;
    total.acKw += s.acKw;
  }
  return total;
}

/** DC:AC of one inverter instance: its DC fields' power (with their repeaters) over its setpoint. */
export function inverterDcAc(inverter: Json): number {
  const s = instanceSize(inverter, 2);
  return s.acKw > 0 ? s.dcKw / s.acKw : Number.NaN;
}
