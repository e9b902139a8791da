/**
 * The power plant of a case (spec 3 `PVPlant` → `PVBlock` → `PVArray` → `PVInverter` → `PVDCField`)
 * resolved into the nodes the chain evaluates, with keys that identify equal nodes (each distinct node
 * is evaluated once and multiplied by its repeaters).
 *
 * Defaults of absent fields: every `repeater` 1; array (spec 4 §1, SDK `add_array`): `acCollectionLoss`
 * 1 %, `dasLoad` 800 W, `coolingLoad` 0 W, `additionalLosses` 0 W, `transformerEnabled` true,
 * `matchTotalInverterkVA` true, `transformerHighSideVoltage` 34.5 kV, `transformerNoLoadLoss` 0.2 %,
 * `transformerFullLoadLoss` 0.7 %, `trackerMotorLosses` 0 MWh/MWp/yr; plant: `availabilityLoss` 0 %,
 * no LGIA limit, `powerFactor` 1, `nighttimeDisconnect` false, `useCoolingTemp` false. The AC
 * collection loss is flat (V3–11) unless the prediction's `logicVersion` is 12 or more (quadratic in the
 * power, the % at the array's rated power). Storage (`ess.essInputs`, MW and MWh) is AC-coupled.
 */
import type { ArrayAcParams } from '../plant/array.ts';
import { plantElementsFromSpec, type PlantAcElement } from '../plant/plant.ts';
import { dispatchTableFromSpec, type EssParams } from '../storage/dispatch.ts';
import { parseIsoWithOffset } from '../time/calendar.ts';
import { ESSChargeAlgorithm } from './enums.ts';
import { libraryRecord, type CaseLibraries } from './libraryRefs.ts';
import type { CaseReader, Json } from './read.ts';
import { resolveDcField, type DcFieldSettings } from './resolveDcField.ts';
import { resolveInverterNode, type InverterNodeSettings } from './resolveInverter.ts';
import { resolveModule, type ModuleSettings } from './resolveModule.ts';
import type { PredictionSettings } from './resolvePrediction.ts';

/** An inverter node with its DC fields. */
export interface InverterNode extends InverterNodeSettings {
  dcFields: DcFieldSettings[];
  /** equal keys: equal AC output */
  key: string;
}

/** An array with its inverters and AC-side parameters (the tracker-motor power is set per year). */
export interface ArrayNode {
  path: string;
  name: string;
  repeater: number;
  inverters: InverterNode[];
  params: Omit<ArrayAcParams, 'trackerMotorPower'>;
  /** specific tracker-motor consumption [MWh/MWp/yr] */
  trackerMotorLosses: number;
  /** transformer high-side voltage [V] (0 without a transformer) */
  highSideVoltage: number;
  /** one instance: DC capacity [W], AC rating Σ setpoints [W] */
  dcCapacity: number;
  acRating: number;
  key: string;
}

/** A block with its arrays. */
export interface BlockNode {
  path: string;
  name: string;
  repeater: number;
  arrays: ArrayNode[];
  /** output is 0 before this instant [ms since 1970-01-01T00:00Z] (`useEnergizationDate`) */
  energization: number | undefined;
}

/** The plant, resolved. */
export interface PlantSettings {
  blocks: BlockNode[];
  elements: PlantAcElement[];
  availabilityLoss: number;
  /** [W]; undefined = none */
  lgiaLimit: number | undefined;
  /** [W] per step, NaN = the constant limit */
  lgiaSeries: Float64Array | undefined;
  powerFactor: number;
  nighttimeDisconnect: boolean;
  ess: EssParams | undefined;
  /** Σ over every node × repeaters: DC [W], AC [W], modules, module area [m²] */
  dcCapacity: number;
  acCapacity: number;
  moduleCount: number;
  moduleArea: number;
}

/** Context of the plant resolution. */
export interface PlantContext {
  prediction: PredictionSettings;
  latitude: number;
  elevation: number;
  timeZone: number;
  steps: number;
  libraries: CaseLibraries;
}

function list(r: CaseReader, o: Json, key: string, path: string): { o: Json; path: string }[] {
  const a = r.array(o, key, path, true);
  if (a.length === 0 && o[key] !== undefined) r.error(`${path}.${key}`, 'must not be empty');
  return a.flatMap((v, i) => {
    const p = `${path}.${key}[${i}]`;
    const x = r.object(v, p);
    return x ? [{ o: x, path: p }] : [];
  });
}

function resolveArray(
  r: CaseReader,
  o: Json,
  path: string,
  ctx: PlantContext,
  pf: number,
  cooling: number | undefined,
  modules: Map<string, ModuleSettings>,
): ArrayNode {
  const inverters: InverterNode[] = [];
  for (const i of list(r, o, 'inverters', path)) {
    const inv = libraryRecord(r, i.o.inverter, `${i.path}.inverter`, 'inverter', ctx.libraries);
    const node = inv
      ? resolveInverterNode(r, i.o, inv, i.path, {
          powerFactor: pf,
          coolingTemperature: cooling,
          elevation: ctx.elevation,
          steps: ctx.steps,
        })
      : undefined;
    const dcFields: DcFieldSettings[] = [];
    for (const d of list(r, i.o, 'dcFields', i.path)) {
      const mp = `${d.path}.module`;
      const rec = libraryRecord(r, d.o.module, mp, 'module', ctx.libraries);
      if (!rec) continue;
      const mk = JSON.stringify(rec);
      let m = modules.get(mk);
      if (!m) {
        m = resolveModule(r, rec, mp);
        if (m) modules.set(mk, m);
      }
      if (m)
        dcFields.push(
          resolveDcField(r, d.o, d.path, m, ctx.prediction, { latitude: ctx.latitude, steps: ctx.steps }),
        );
    }
    if (node) {
      const series = [
        node.setpointSeries,
        node.derateSeries,
        node.maxVoltageSeries,
        node.maxCurrentSeries,
      ].some(Boolean);
      const key = JSON.stringify([
        node.params,
        series ? i.path : '',
        dcFields.map((d) => [d.dcKey, d.repeater]),
      ]);
      inverters.push({ ...node, dcFields, key });
    }
  }
  const enabled = r.boolean(o, 'transformerEnabled', path, true);
  const matched = r.boolean(o, 'matchTotalInverterkVA', path, true);
  const kvaSum = inverters.reduce((s, i) => s + i.apparentPower * i.repeater, 0);
  const rating = matched ? kvaSum : (r.number(o, 'transformerkVARating', path, { above: 0 }) ?? NaN) * 1000;
  if (enabled && !matched && !(rating > 0))
    r.error(`${path}.transformerkVARating`, 'is required when matchTotalInverterkVA is false');
  const acRating = inverters.reduce((s, i) => s + i.acRating * i.repeater, 0);
  const dcCapacity = inverters.reduce(
    (s, i) => s + i.repeater * i.dcFields.reduce((t, d) => t + d.dcCapacity * d.repeater, 0),
    0,
  );
  const note = !r.quiet;
  const params: Omit<ArrayAcParams, 'trackerMotorPower'> = {
    dasLoad: r.numberOr(o, 'dasLoad', path, 800, { min: 0 }, note),
    coolingLoad: r.numberOr(o, 'coolingLoad', path, 0, { min: 0 }),
    additionalLosses: r.numberOr(o, 'additionalLosses', path, 0, { min: 0 }),
    additionalNightLosses: 0,
    acCollectionLoss: r.numberOr(o, 'acCollectionLoss', path, 1, { min: 0, max: 100 }, note),
    acCollectionModel: ctx.prediction.logicVersion >= 12 ? 'quadratic' : 'flat',
    ratedPower: acRating,
    powerFactor: pf,
    ...(enabled
      ? {
          transformer: {
            rating,
            noLoadLoss: r.numberOr(o, 'transformerNoLoadLoss', path, 0.2, { min: 0, max: 100 }, note),
            fullLoadLoss: r.numberOr(o, 'transformerFullLoadLoss', path, 0.7, { min: 0, max: 100 }, note),
          },
        }
      : {}),
  };
  const highSideVoltage = enabled
    ? r.numberOr(o, 'transformerHighSideVoltage', path, 34.5, { above: 0 }) * 1000
    : 0;
  const trackerMotorLosses = r.numberOr(o, 'trackerMotorLosses', path, 0, { min: 0 });
  return {
    path,
    name: String(o.name ?? path),
    repeater: r.numberOr(o, 'repeater', path, 1, { integer: true, min: 0 }),
    inverters,
    params,
    trackerMotorLosses,
    highSideVoltage,
    dcCapacity,
    acRating,
    key: JSON.stringify([params, trackerMotorLosses, inverters.map((i) => [i.key, i.repeater])]),
  };
}

function resolveEss(r: CaseReader, plant: Json): EssParams | undefined {
  const ess = r.object(plant.ess, 'powerPlant.ess', false);
  if (!ess) return undefined;
  const path = 'powerPlant.ess.essInputs';
  const e = r.object(ess.essInputs, path);
  if (!e) return undefined;
  if (r.string(ess, 'coupling', 'powerPlant.ess') === 'dc')
    r.error('powerPlant.ess.coupling', 'DC-coupled storage is not supported by simulate (use "ac")');
  const algo = r.choice(e, 'chargeAlgorithm', path, ESSChargeAlgorithm, ESSChargeAlgorithm.LgiaExcess);
  if (algo === ESSChargeAlgorithm.Custom)
    r.error(`${path}.chargeAlgorithm`, '2 (custom) is not supported by simulate');
  const mw = (k: string, req = true) =>
    (req ? r.required(e, k, path, { min: 0 }) : (r.number(e, k, path, { min: 0 }) ?? 0)) * 1e6;
  const table = r.object(e.dispatchTable, `${path}.dispatchTable`, false);
  return {
    coupling: 'ac',
    inverterCapacity: mw('inverterCapacity'),
    nameplateEnergyCapacity: mw('nameplateEnergyCapacity'),
    usableEnergyCapacityYear1: mw('usableEnergyCapacityYear1'),
    usableEnergyCapacityCalendarDeg: r.numberOr(e, 'usableEnergyCapacityCalendarDeg', path, 0),
    usableEnergyCapacityCycleDeg: r.numberOr(e, 'usableEnergyCapacityCycleDeg', path, 0),
    roundtripDCEfficiencyYear1: r.required(e, 'roundtripDCEfficiencyYear1', path, { above: 0, max: 100 }),
    roundtripDCEfficiencyCalendarDeg: r.numberOr(e, 'roundtripDCEfficiencyCalendarDeg', path, 0),
    roundtripDCEfficiencyCycleDeg: r.numberOr(e, 'roundtripDCEfficiencyCycleDeg', path, 0),
    hvacNoLoadLoss: r.numberOr(e, 'hvacNoLoadLoss', path, 0),
    hvacFullLoadLoss: r.numberOr(e, 'hvacFullLoadLoss', path, 0),
    mvNoLoadLoss: r.numberOr(e, 'mvNoLoadLoss', path, 0),
    mvFullLoadLoss: r.numberOr(e, 'mvFullLoadLoss', path, 0),
    mvCapacity: mw('mvCapacity', false),
    inverterEfficiency: r.numberOr(e, 'inverterEfficiency', path, 98, { above: 0, max: 100 }),
    chargeAlgorithm: algo === ESSChargeAlgorithm.EnergyAvailable ? 'energyAvailable' : 'lgiaExcess',
    dispatchTable: dispatchTableFromSpec((table ?? {}) as Record<string, Record<string, boolean>>),
  };
}

/**
 * Reads `powerPlant`.
 * @param r the reader
 * @param v the plant object
 * @param ctx prediction settings, site, weather length and the parsed libraries
 * @returns the plant
 */
export function resolvePlant(r: CaseReader, v: unknown, ctx: PlantContext): PlantSettings {
  const path = 'powerPlant';
  const o = r.object(v, path) ?? {};
  const pf = r.numberOr(o, 'powerFactor', path, 1, { above: 0, max: 1 });
  const cooling = r.boolean(o, 'useCoolingTemp', path, false) ? ctx.prediction.cool996 : undefined;
  if (o.useCoolingTemp === true && cooling === undefined)
    r.error('prediction.cool996', 'is required with powerPlant.useCoolingTemp');
  const modules = new Map<string, ModuleSettings>();
  const blocks: BlockNode[] = list(r, o, 'blocks', path).map((b) => {
    const arrays = list(r, b.o, 'arrays', b.path).map((a, k) => {
      const node = resolveArray(r, a.o, a.path, ctx, pf, cooling, modules);
      if (k === 0) r.quiet = true;
      return node;
    });
    const useDate = r.boolean(b.o, 'useEnergizationDate', b.path, false);
    const date = useDate ? r.string(b.o, 'energizationDate', b.path) : undefined;
    let energization: number | undefined;
    if (useDate) {
      try {
        energization = parseIsoWithOffset(date ?? '', ctx.timeZone);
      } catch {
        r.error(`${b.path}.energizationDate`, 'must be an ISO date-time (e.g. 2026-01-01T00:00:00)');
      }
    }
    return {
      path: b.path,
      name: String(b.o.name ?? b.path),
      repeater: r.numberOr(b.o, 'repeater', b.path, 1, { integer: true, min: 0 }),
      arrays,
      energization,
    };
  });
  r.quiet = false;
  const transformers = r.array(o, 'transformers', path).flatMap((t, i) => {
    const p = `${path}.transformers[${i}]`;
    const x = r.object(t, p);
    if (!x) return [];
    return [
      {
        rating: r.required(x, 'rating', p, { above: 0 }),
        highSideVoltage: r.required(x, 'highSideVoltage', p, { above: 0 }),
        noLoadLoss: r.numberOr(x, 'noLoadLoss', p, 0, { min: 0, max: 100 }),
        fullLoadLoss: r.numberOr(x, 'fullLoadLoss', p, 0, { min: 0, max: 100 }),
        ordinal: r.numberOr(x, 'ordinal', p, i + 1, { integer: true }),
      },
    ];
  });
  const transmissionLines = r.array(o, 'transmissionLines', path).flatMap((t, i) => {
    const p = `${path}.transmissionLines[${i}]`;
    const x = r.object(t, p);
    if (!x) return [];
    return [
      {
        length: r.required(x, 'length', p, { min: 0 }),
        resistance: r.number(x, 'resistance', p, { min: 0 }) ?? null,
        numberOfConductorsPerPhase: r.numberOr(x, 'numberOfConductorsPerPhase', p, 1, {
          integer: true,
          min: 1,
        }),
        ordinal: r.numberOr(x, 'ordinal', p, transformers.length + i + 1, { integer: true }),
      },
    ];
  });
  const lgia = r.number(o, 'lgiaLimitation', path, { above: 0 });
  const lgiaSeries = r.boolean(o, 'useLGIALimitTimeSeries', path, false)
    ? r.series(o, 'lgiaLimitTimeSeriesDetails', path, ctx.steps)?.map((x) => x * 1e6)
    : undefined;
  let dcCapacity = 0;
  let acCapacity = 0;
  let moduleCount = 0;
  let moduleArea = 0;
  for (const b of blocks)
    for (const a of b.arrays)
      for (const i of a.inverters) {
        const n = b.repeater * a.repeater * i.repeater;
        acCapacity += n * i.acRating;
        for (const d of i.dcFields) {
          dcCapacity += n * d.repeater * d.dcCapacity;
          moduleCount += n * d.repeater * d.moduleCount;
          moduleArea += n * d.repeater * d.moduleArea;
        }
      }
  if (blocks.length > 0 && r.errors.length === 0 && !(dcCapacity > 0))
    r.error(path, 'has no DC capacity (no DC field with modules)');
  return {
    blocks,
    elements: plantElementsFromSpec({ transformers, transmissionLines }),
    availabilityLoss: r.numberOr(o, 'availabilityLoss', path, 0, { min: 0, max: 100 }),
    lgiaLimit: lgia === undefined ? undefined : lgia * 1e6,
    lgiaSeries,
    powerFactor: pf,
    nighttimeDisconnect: r.boolean(o, 'nighttimeDisconnect', path, false),
    ess: resolveEss(r, o),
    dcCapacity,
    acCapacity,
    moduleCount,
    moduleArea,
  };
}
