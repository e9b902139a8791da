/**
 * A stored prediction and its plant as the engine's case (the JSON that `sunfield simulate` reads,
 * `SimulationCase` of packages/engine/src/simulate/caseTypes.ts): one to one, field for field, with
 * each DC field's `module` and each inverter node's `inverter` the library record its id names. The
 * same translation serves the run of a prediction and any check against a case file, so a stored
 * prediction and the case file it was made from give the same energy to the last digit.
 *
 * Null values are dropped (the engine applies its documented default to an absent field); the
 * prediction's site data (`elevation`, `timeZone`) win over the project's.
 */
import type { SimulationCase } from '@sunfield/engine';
import { CHILDREN, type PlantLevel } from './plantTree.ts';

type Json = Record<string, unknown>;

export interface StoredPrediction {
  project: {
    name: string;
    latitude: number;
    longitude: number;
    elevation: number | null;
    standardOffsetFromUTC: number | null;
  };
  /** the prediction's stored fields (spec 3 names) with its name */
  prediction: Json & { name: string };
  /** the stored plant (spec 3 names, modules and inverters by id) */
  plant: Json;
  /** library records by id (spec 3 names) */
  modules: ReadonlyMap<number, Json>;
  inverters: ReadonlyMap<number, Json>;
}

export class CaseTranslationError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'CaseTranslationError';
  }
}

/** A copy without null values (and without undefined), at any depth; arrays keep their items. */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (value !== null && typeof value === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) out[k] = withoutNulls(v);
    return out as T;
  }
  return value;
}

/** Ids and joined records the case does not carry. */
const NODE_DROP = new Set(['id', 'module', 'inverter', 'resultList', 'calculateDCFields']);

const LEVELS: PlantLevel[] = ['block', 'array', 'inverter', 'dcField'];

function translateNodes(list: unknown, depth: number, path: string, input: StoredPrediction): Json[] {
  const level = LEVELS[depth]!;
  const child = CHILDREN[level];
  return (Array.isArray(list) ? (list as Json[]) : []).map((node, i) => {
    const p = `${path}[${i}]`;
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) {
      if (NODE_DROP.has(k) || k === child || v === null || v === undefined) continue;
      out[k] = withoutNulls(v);
    }
    if (level === 'inverter') {
      const id = node.inverterId;
      const record = typeof id === 'number' ? input.inverters.get(id) : undefined;
      if (!record)
        throw new CaseTranslationError(
          `inverter ${String(id ?? '(none)')} is not in the library`,
          `${p}.inverterId`,
        );
      out.inverter = withoutNulls(record);
    }
    if (level === 'dcField') {
      const id = node.moduleId;
      const record = typeof id === 'number' ? input.modules.get(id) : undefined;
      if (!record)
        throw new CaseTranslationError(
          `module ${String(id ?? '(none)')} is not in the library`,
          `${p}.moduleId`,
        );
      out.module = withoutNulls(record);
    }
    if (child) out[child] = translateNodes(node[child], depth + 1, `${p}.${child}`, input);
    return out;
  });
}

/**
 * The case of a stored prediction (see the file comment).
 * @throws CaseTranslationError naming the node whose module or inverter is missing
 */
export function simulationCase(input: StoredPrediction): SimulationCase {
  const prediction = withoutNulls(input.prediction);
  const elevation = typeof prediction.elevation === 'number' ? prediction.elevation : input.project.elevation;
  const timeZone =
    typeof prediction.timeZone === 'number' ? prediction.timeZone : input.project.standardOffsetFromUTC;
  const plant: Json = {};
  for (const [k, v] of Object.entries(input.plant)) {
    if (k === 'blocks' || k === 'id' || v === null || v === undefined) continue;
    plant[k] = withoutNulls(v);
  }
  plant.blocks = translateNodes(input.plant.blocks, 0, 'powerPlant.blocks', input);
  return {
    project: {
      name: input.project.name,
      latitude: input.project.latitude,
      longitude: input.project.longitude,
      ...(elevation !== null && elevation !== undefined ? { elevation } : {}),
      ...(timeZone !== null && timeZone !== undefined ? { timeZone } : {}),
    },
    prediction: prediction as SimulationCase['prediction'],
    powerPlant: plant as unknown as SimulationCase['powerPlant'],
  };
}
