/**
 * A power plant as it is saved: what the client sent merged into what is stored, so that nothing
 * already saved is lost (spec 1 §5, and the API's rule that an absent field is left unchanged):
 *
 * - Top-level fields: absent keeps the stored value, null clears it.
 * - Node lists (`blocks`, `arrays`, `inverters`, `dcFields`) are the lists sent. A node whose `id`
 *   is a node of this plant keeps that id and starts from the stored node (absent fields keep their
 *   values, an absent child list keeps its children); any other node is new: it gets a fresh id and
 *   the defaults of a new node. An id sent twice (a copied block) goes to its first holder; the copies
 *   are new nodes. `transformers`, `transmissionLines` and `ess` are replaced when sent.
 * - Names: absent names take the next free one (blocks, arrays, DC fields 1, 2, …; inverters A–Z);
 *   two siblings may not share a name.
 * - Save rules of spec 1 §5: a positive minimum tracking limit is stored negative; a DC field that is
 *   not a tracker drops its tracking limits; seasonal tilt factors are dropped unless all twelve
 *   months have a tilt.
 * - Derived values where absent: the module's rating and loss and thermal coefficients (the engine
 *   takes the module's too), strings from the DC power or the DC power from the strings
 *   (spec 2 §9.3: module count = P·1000/rating), the inverter's kVA rating and setpoint
 *   (setpoint = power factor × kVA, spec 4 §1), the plant's power factor (repeater-weighted mean), the
 *   storage's nameplate capacity, usable capacity or factor from the other two (spec 2 §9.3).
 *
 * Errors (duplicate names, modules or inverters that do not exist) come back as modelState entries
 * keyed by the node's path, each message naming the node ("Block 1 › Array 1 › Inverter A: …").
 */
import type { PowerPlantInput } from '../api/powerPlant.ts';
import { BLOCK_DEFAULTS, companyAzimuth, companyBuilderDefaults, fillAbsent } from './defaults.ts';
import { completeEssCapacities } from '../plant/ess.ts';
import { defaultModuleAzimuth, defaultTilt } from '../plant/layout.ts';
import { asList, CHILDREN, finiteNumber, meanPowerFactor, nodeLabel, type PlantLevel } from './plantTree.ts';

type Json = Record<string, unknown>;

/** DCFieldTrackingTypeEnum values. */
const FIXED_TILT = 0;
const TRACKER = 1;

export interface PlantSaveContext {
  /** library modules and inverters the caller may use, by id (records with spec 3 names) */
  modules: ReadonlyMap<number, Json>;
  inverters: ReadonlyMap<number, Json>;
  /** a fresh node id */
  newId: () => number;
  /** the company's default settings (builder defaults of new arrays and DC fields) */
  companySettings?: Readonly<Json> | null;
  /** the site: latitude [°] (default azimuth), for the hemisphere */
  latitude: number;
}

export interface PlantSaveResult {
  plant: Json;
  /** modelState: path → messages; empty when the plant may be saved */
  errors: Record<string, string[]>;
}

const LEVELS: PlantLevel[] = ['block', 'array', 'inverter', 'dcField'];

/** Removes null values (a null clears a field); returns `node`. */
function dropNulls(node: Json): Json {
  for (const key of Object.keys(node)) if (node[key] === null || node[key] === undefined) delete node[key];
  return node;
}

/** A copy of a value without the null fields of its objects, at any depth (arrays keep their items). */
function compact(value: unknown): unknown {
  if (Array.isArray(value))
    return value.some((v) => v !== null && typeof v === 'object') ? value.map(compact) : value;
  if (value !== null && typeof value === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) out[k] = compact(v);
    return out;
  }
  return value;
}

/** Every stored node by id, per level. */
function indexById(plant: Json | undefined): Map<number, { level: PlantLevel; node: Json }> {
  const out = new Map<number, { level: PlantLevel; node: Json }>();
  const go = (list: Json[], depth: number) => {
    const level = LEVELS[depth]!;
    for (const node of list) {
      if (typeof node.id === 'number') out.set(node.id, { level, node });
      const child = CHILDREN[level];
      if (child) go(asList(node[child]), depth + 1);
    }
  };
  if (plant) go(asList(plant.blocks), 0);
  return out;
}

const INVERTER_LETTERS = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));

/** Gives absent names the next free one and reports names used twice among siblings. */
function nameSiblings(
  level: PlantLevel,
  nodes: Json[],
  path: string,
  parentLabel: string,
  errors: Record<string, string[]>,
): void {
  const used = new Set<unknown>();
  nodes.forEach((node, i) => {
    if (node.name === undefined) return;
    if (used.has(node.name)) {
      const where = parentLabel ? `${parentLabel}: ` : '';
      errors[`${path}.${i}.name`] = [
        `${where}${nodeLabel(level, node, i)} is used twice; names must differ.`,
      ];
    }
    used.add(node.name);
  });
  for (const node of nodes) {
    if (node.name !== undefined) continue;
    if (level === 'inverter') {
      const free = INVERTER_LETTERS.find((letter) => !used.has(letter));
      if (free) {
        node.name = free;
        used.add(free);
      }
    } else {
      let n = 1;
      while (used.has(n)) n++;
      node.name = n;
      used.add(n);
    }
  }
}

const num = finiteNumber;

/** Module fields a DC field takes from its module (DC field name, module name). */
const MODULE_DERIVED = [
  ['plannedModuleRating', 'stcMaxPower'],
  ['moduleQuality', 'moduleQuality'],
  ['moduleMismatchCoefficient', 'moduleMismatchCoefficient'],
  ['lightInducedDegradation', 'lightInducedDegradation'],
  ['heatBalanceConductiveCoef', 'heatBalanceConductiveCoef'],
  ['heatBalanceConvectiveCoef', 'heatBalanceConvectiveCoef'],
  ['sandiaConductiveCoef', 'sandiaConductiveCoef'],
  ['sandiaConvectiveCoef', 'sandiaConvectiveCoef'],
  ['cellToModuleTempDiff', 'cellToModuleTempDiff'],
  ['nominalOperatingCellTemperature', 'nominalOperatingCellTemperature'],
  ['transmittanceAbsorptance', 'transmittanceAbsorptance'],
] as const;

/**
 * A DC field's values from its module: its rating, loss and thermal coefficients, its default
 * orientation and (bifacial) back-side mismatch. 'fill' sets only what the field lacks (a save);
 * 'replace' sets them all (the module was changed, spec 1 §4), dropping those the module lacks, and
 * keeps a locked back-side mismatch.
 */
export function applyModule(field: Json, module: Json, mode: 'fill' | 'replace'): void {
  for (const [to, from] of MODULE_DERIVED) {
    const value = num(module[from]);
    if (mode === 'replace') {
      if (value !== undefined) field[to] = value;
      else delete field[to];
    } else if (field[to] === undefined && value !== undefined) field[to] = value;
  }
  const orientation = num(module.defaultOrientation);
  if (orientation !== undefined && (mode === 'replace' || field.moduleOrientation === undefined))
    field.moduleOrientation = orientation;
  const mismatch = num(module.backSideMismatch);
  if (module.faciality === 1 && mismatch !== undefined) {
    if (mode === 'replace' ? !field.lockBacksideMismatch : field.backSideMismatch === undefined)
      field.backSideMismatch = mismatch;
  }
}

/** Strings from the DC power, or the DC power from the strings (spec 2 §9.3, spec 4 §1). */
function fillSizing(field: Json): void {
  const power = num(field.fieldDcPower);
  const strings = num(field.numberOfSeriesStringsWiredInParallel);
  const series = num(field.modulesWiredInSeries);
  const rating = num(field.plannedModuleRating);
  if (series === undefined || rating === undefined) return;
  if (strings === undefined && power !== undefined) {
    field.numberOfSeriesStringsWiredInParallel = (1000 * power) / (rating * series);
  } else if (power === undefined && strings !== undefined) {
    field.fieldDcPower = (strings * rating * series) / 1000;
  }
}

/** The spec 1 §5 save rules of a DC field. */
function applyDcFieldRules(field: Json): void {
  const tracking = num(field.trackingType) ?? FIXED_TILT;
  if (tracking === TRACKER) {
    const min = num(field.minimumTrackingLimitAngleD);
    if (min !== undefined && min > 0) field.minimumTrackingLimitAngleD = -min;
  } else {
    delete field.minimumTrackingLimitAngleD;
    delete field.maximumTrackingLimitAngleD;
  }
  const seasonal = field.monthlySeasonalTiltFactors;
  if (Array.isArray(seasonal)) {
    const months = new Set(
      seasonal
        .filter((f: Json) => num(f?.tilt) !== undefined && num(f?.month) !== undefined)
        .map((f: Json) => f.month),
    );
    if (months.size !== 12 || seasonal.length !== 12) delete field.monthlySeasonalTiltFactors;
  }
}

/** CellTechnologyTypeEnum CdTe and CIGS: trackers of these track truly by default (spec 1 §4). */
const THIN_FILM = [6, 7];

/**
 * Mounting defaults the engine would assume: a fixed DC field's tilt by latitude (spec 2 §9.3); a
 * tracker's backtracking, true tracking for CdTe and CIGS modules (spec 1 §4).
 */
function fillMounting(field: Json, module: Json | undefined, latitude: number): void {
  const tracking = num(field.trackingType) ?? FIXED_TILT;
  if (tracking === FIXED_TILT && field.moduleTilt === undefined) field.moduleTilt = defaultTilt({ latitude });
  if (tracking === TRACKER && field.trackingBacktrackingType === undefined && module)
    field.trackingBacktrackingType = THIN_FILM.includes(num(module.cellTechnologyType) ?? 0) ? 0 : 1;
}

/** The kVA rating and setpoint of an inverter node from its inverter where absent. */
function fillInverterNode(node: Json, inverter: Json | undefined): void {
  if (node.kVARating === undefined && inverter) {
    const kva = num(inverter.apparentPower) ?? num(inverter.powerRated);
    if (kva !== undefined && kva > 0) node.kVARating = kva;
  }
  if (node.setpointkW === undefined) {
    const kva = num(node.kVARating);
    const pf = num(node.powerFactor) ?? 1;
    if (kva !== undefined) node.setpointkW = pf * kva;
  }
}

/** The third of nameplate capacity, usable capacity and factor from the other two (spec 2 §9.3). */
function fillEss(plant: Json): void {
  const inputs = (plant.ess as Json | undefined)?.essInputs as Json | undefined;
  if (!inputs) return;
  const done = completeEssCapacities({
    nameplateEnergyCapacity: num(inputs.nameplateEnergyCapacity) ?? null,
    usableEnergyCapacity: num(inputs.usableEnergyCapacityYear1) ?? null,
    factor: num(inputs.factor) ?? null,
  });
  if (Number.isFinite(done.nameplateEnergyCapacity))
    inputs.nameplateEnergyCapacity = done.nameplateEnergyCapacity;
  if (Number.isFinite(done.usableEnergyCapacity))
    inputs.usableEnergyCapacityYear1 = done.usableEnergyCapacity;
  if (Number.isFinite(done.factor)) inputs.factor = done.factor;
}

/**
 * Merges `incoming` into `existing` (see the file comment).
 * @param existing the stored plant, or undefined for a new one
 * @param incoming the parsed input (`powerPlantSchema`)
 * @param ctx the library records the plant may use, the id allocator, the company settings
 */
export function mergePlant(
  existing: Json | undefined,
  incoming: PowerPlantInput,
  ctx: PlantSaveContext,
): PlantSaveResult {
  const errors: Record<string, string[]> = {};
  const stored = indexById(existing);
  const claimed = new Set<number>();
  const builder = companyBuilderDefaults(ctx.companySettings);
  // The stored top level, shallow: the node lists are rebuilt below and the other values replaced.
  const plant: Json = existing ? { ...existing } : builder.plant;
  for (const [key, value] of Object.entries(incoming as Json)) {
    if (value === undefined || key === 'blocks' || key === 'id') continue;
    if (value === null) delete plant[key];
    else plant[key] = compact(value);
  }
  for (const key of ['transformers', 'transmissionLines'] as const) {
    if (plant[key] === undefined) continue;
    plant[key] = asList(plant[key]).map((item) => ({ ...item }));
    for (const item of asList(plant[key])) {
      dropNulls(item);
      if (typeof item.id !== 'number' || claimed.has(item.id)) item.id = ctx.newId();
      claimed.add(item.id as number);
    }
  }

  const mergeNode = (level: PlantLevel, sent: Json, path: string, label: string): Json => {
    const sentId = typeof sent.id === 'number' ? sent.id : undefined;
    const match = sentId !== undefined ? stored.get(sentId) : undefined;
    const base = match && match.level === level ? match.node : undefined;
    const child = CHILDREN[level];
    // Shallow: the merge only sets and deletes the node's own keys; nested values are replaced whole.
    const node: Json = base ? { ...base } : {};
    if (child && base) delete node[child];
    for (const [key, value] of Object.entries(sent)) {
      if (value === undefined || key === 'id' || key === child) continue;
      if (value === null) delete node[key];
      else node[key] = compact(value);
    }
    const own = base && sentId !== undefined && !claimed.has(sentId);
    node.id = own ? sentId : ctx.newId();
    claimed.add(node.id as number);
    const isNew = !own;
    if (level === 'block' && isNew) fillAbsent(node, BLOCK_DEFAULTS);
    if (level === 'array' && isNew) fillAbsent(node, builder.array);
    if (level === 'inverter') {
      if (isNew) fillAbsent(node, builder.inverter);
      const inverterId = num(node.inverterId);
      const inverter = inverterId !== undefined ? ctx.inverters.get(inverterId) : undefined;
      if (inverterId !== undefined && !inverter)
        (errors[`${path}.inverterId`] ??= []).push(`${label}: inverter ${inverterId} was not found.`);
      fillInverterNode(node, inverter);
    }
    if (level === 'dcField') {
      if (isNew) {
        fillAbsent(node, builder.dcField);
        if (num(node.trackingType) === TRACKER) fillAbsent(node, builder.tracker);
        else if (node.moduleTilt === undefined && builder.tilt !== undefined) node.moduleTilt = builder.tilt;
        if (node.moduleAzimuth === undefined)
          node.moduleAzimuth =
            companyAzimuth(builder, ctx.latitude) ?? defaultModuleAzimuth({ latitude: ctx.latitude });
      }
      const moduleId = num(node.moduleId);
      const module = moduleId !== undefined ? ctx.modules.get(moduleId) : undefined;
      if (moduleId !== undefined && !module)
        (errors[`${path}.moduleId`] ??= []).push(`${label}: module ${moduleId} was not found.`);
      if (module) applyModule(node, module, 'fill');
      fillMounting(node, module, ctx.latitude);
      applyDcFieldRules(node);
      fillSizing(node);
    }
    if (child) {
      const sentChildren = sent[child];
      if (sentChildren === undefined && base) node[child] = base[child] ?? [];
      else
        node[child] = mergeList(
          LEVELS[LEVELS.indexOf(level) + 1]!,
          asList(sentChildren),
          `${path}.${child}`,
          label,
        );
    }
    return node;
  };

  const mergeList = (level: PlantLevel, sent: Json[], path: string, parentLabel: string): Json[] => {
    const nodes = sent.map((s) => ({ ...s }));
    nameSiblings(level, nodes, path, parentLabel, errors);
    return nodes.map((s, i) => {
      const label = parentLabel ? `${parentLabel} › ${nodeLabel(level, s, i)}` : nodeLabel(level, s, i);
      return mergeNode(level, s, `${path}.${i}`, label);
    });
  };

  if (incoming.blocks !== undefined) {
    plant.blocks = mergeList('block', asList(incoming.blocks), 'blocks', '');
  } else if (!Array.isArray(plant.blocks)) {
    plant.blocks = [];
  }
  // A storage system the plant did not have starts from the company's storage settings.
  const essInputs = (plant.ess as Json | undefined)?.essInputs;
  if (!existing?.ess && essInputs && typeof essInputs === 'object')
    fillAbsent(essInputs as Json, builder.ess);
  fillEss(plant);
  if (incoming.powerFactor === undefined && (existing === undefined || existing.powerFactor === undefined))
    plant.powerFactor = meanPowerFactor(plant);
  dropNulls(plant);
  return { plant, errors };
}
