/**
 * The builder's recalculation of a plant (spec 4 §1 `CalculatePowerPlantFields`; spec 2 §9.2–9.3;
 * spec 1 §4–5): each DC field marked `calculateDCFields` (every DC field when none is marked) gets
 * its sizes and geometry from the builder's rules, and a field whose module changed takes that
 * module's values. A locked field (`lockModulesHigh`, `lockPostHeight`, …) is never overwritten.
 *
 * Per DC field, in order:
 * 1. Module changed (or new): rating, loss and thermal coefficients, orientation, bifacial mismatch
 *    come from the module (spec 1 §4 "resets many of its fields to module defaults"); with the 2-Param
 *    spectral model the spectral warning of spec 2 §8.4 is given.
 * 2. Modules in series: kept inside the inverter's window at `min50Year` and `cool996` (spec 2 §9.3),
 *    the longest string that fits when outside it, with the notice of spec 2 §8.4.
 * 3. Strings from the DC power (module count = P·1000/rating), or the DC power from locked strings.
 * 4. Modules high (by module width and mounting, spec 2 §9.2), modules wide (a multiple of the string
 *    length, spec 1 §5), collector bandwidth, table length.
 * 5. Pitch from the ground coverage ratio (or the ratio from a locked pitch), rows (the cube root of
 *    the module count, rounded up), tables per row, field length and width (spec 4 §1 SDK formulas).
 * 6. Tilt by latitude (fixed, when absent), azimuth by hemisphere, post height (0.5 m + CBW/2·sin).
 *
 * Inverter nodes: with `useCoolingTemp`, the kVA rating at the cooling design temperature and the
 * site's elevation (its kVA curves) and the setpoint = power factor × kVA, with the notice of
 * spec 2 §8.4. Transmission lines without a resistance get it from the rule of spec 2 §9.3.
 */
import { inverterKva, type InverterKvaFields } from '@sunfield/engine';
import { WARNING } from '../validation.ts';
import {
  collectorBandwidth,
  fieldLength,
  fieldWidth,
  groundCoverageRatio,
  postToPostSpacingFromGcr,
  tableLength,
  tablesPerRow,
} from '../plant/geometry.ts';
import { defaultModulesHigh, defaultNumberOfRows, defaultPostHeight, defaultTilt } from '../plant/layout.ts';
import { moduleCount } from '../plant/sizing.ts';
import type { StringSizingModule } from '../plant/moduleVoltage.ts';
import {
  proposedModulesWiredInSeries,
  seriesStringLimits,
  seriesStringProblem,
  type StringSizingThermal,
} from '../plant/stringWindow.ts';
import { transmissionLineResistances } from '../plant/transmissionLine.ts';
import { asList, finiteNumber, plantTotals, walkPlant } from './plantTree.ts';
import { applyModule } from './plantSave.ts';

type Json = Record<string, unknown>;

const FIXED_TILT = 0;
/** SpectralShiftModel 2-Param Pwat and AM. */
const TWO_PARAM_SPECTRAL = 2;

export interface PlantCalculationContext {
  modules: ReadonlyMap<number, Json>;
  inverters: ReadonlyMap<number, Json>;
  /** the stored plant, to tell which DC fields changed module (undefined: all are new) */
  stored?: Json | undefined;
  latitude: number;
  /** site data of the prediction */
  site: {
    min50Year?: number | null;
    cool996?: number | null;
    elevation?: number | null;
    spectralShiftModel?: number | null;
  };
}

export const MODULES_IN_SERIES_NOTICE =
  'Modules wired in series were updated to fit the inverter voltage window at the 50 year minimum and 99.6 % cooling design temperatures.';
export const INVERTER_KVA_NOTICE =
  'The temperature-adjusted kVA of the inverters was updated based on the cooling design temperature.';

const num = finiteNumber;

/** Sets `field[key] = value` unless the field's lock is on or the value is not finite. */
function set(field: Json, key: string, value: number, lock?: string): void {
  if (lock && field[lock] === true) return;
  if (Number.isFinite(value)) field[key] = value;
}

function calculateDcField(
  field: Json,
  inverter: Json | undefined,
  storedModuleId: number | undefined,
  ctx: PlantCalculationContext,
  notices: Set<string>,
): void {
  const moduleId = num(field.moduleId);
  const module = moduleId !== undefined ? ctx.modules.get(moduleId) : undefined;
  const tracking = num(field.trackingType) ?? FIXED_TILT;
  const moduleChanged = module !== undefined && moduleId !== storedModuleId;
  if (module && moduleChanged) {
    applyModule(field, module, 'replace');
    if (ctx.site.spectralShiftModel === TWO_PARAM_SPECTRAL) notices.add(WARNING.spectralDefaultsUpdated);
  }
  // 2. String length inside the inverter's window.
  const min50 = num(ctx.site.min50Year);
  const cool = num(ctx.site.cool996);
  const maxV = num(inverter?.maxAbsoluteVoltage);
  const minV = num(inverter?.minVoltage);
  if (module && min50 !== undefined && cool !== undefined && maxV !== undefined && minV !== undefined) {
    const limits = seriesStringLimits({
      site: { min50Year: min50, cool996: cool },
      inverter: { maxAbsoluteVoltage: maxV, minVoltage: minV },
      module: module as StringSizingModule,
      thermal: field as StringSizingThermal,
    });
    const series = num(field.modulesWiredInSeries);
    if (limits.feasible && !field.lockModulesWiredInSeries) {
      if (series === undefined || seriesStringProblem({ modulesWiredInSeries: series, limits })) {
        field.modulesWiredInSeries = proposedModulesWiredInSeries(limits);
        if (series !== undefined) notices.add(MODULES_IN_SERIES_NOTICE);
      }
    }
  }
  // 3. Strings and DC power.
  const rating = num(field.plannedModuleRating);
  const series = num(field.modulesWiredInSeries);
  if (rating !== undefined && series !== undefined) {
    const power = num(field.fieldDcPower);
    const strings = num(field.numberOfSeriesStringsWiredInParallel);
    if (field.lockNumberOfSeriesStringsWiredInParallel && strings !== undefined) {
      field.fieldDcPower = (strings * rating * series) / 1000;
    } else if (power !== undefined) {
      field.numberOfSeriesStringsWiredInParallel = (1000 * power) / (rating * series);
    } else if (strings !== undefined) {
      field.fieldDcPower = (strings * rating * series) / 1000;
    }
  }
  // 4. Table.
  const length = num(module?.length);
  const width = num(module?.width);
  if (field.modulesHigh === undefined || moduleChanged)
    set(
      field,
      'modulesHigh',
      defaultModulesHigh({ moduleWidth: width ?? null, trackingType: tracking }),
      'lockModulesHigh',
    );
  if (series !== undefined) {
    const wide = num(field.modulesWide);
    const strings = wide !== undefined ? Math.max(1, Math.round(wide / series)) : 1;
    if (wide === undefined || wide % series !== 0)
      set(field, 'modulesWide', strings * series, 'lockModulesWide');
  }
  const orientation = num(field.moduleOrientation) ?? 1;
  const high = num(field.modulesHigh);
  const vgap = num(field.verticalIntermoduleGap) ?? 0.02;
  const lgap = num(field.lateralIntermoduleGap) ?? 0.02;
  if (length !== undefined && width !== undefined && high !== undefined) {
    const onTable = { moduleLength: length, moduleWidth: width, moduleOrientation: orientation };
    field.collectorBandwidth = collectorBandwidth({
      ...onTable,
      modulesHigh: high,
      verticalIntermoduleGap: vgap,
    });
    const wide = num(field.modulesWide);
    if (wide !== undefined)
      field.tableLength = tableLength({ ...onTable, modulesWide: wide, lateralIntermoduleGap: lgap });
  }
  // 5. Rows and pitch.
  const cbw = num(field.collectorBandwidth);
  const gcr = num(field.groundCoverageRatio);
  const pitch = num(field.postToPostSpacing);
  if (cbw !== undefined) {
    if (gcr !== undefined && !field.lockPostToPostSpacing)
      field.postToPostSpacing = postToPostSpacingFromGcr({
        collectorBandwidth: cbw,
        groundCoverageRatio: gcr,
      });
    else if (pitch !== undefined && pitch > 0)
      field.groundCoverageRatio = groundCoverageRatio({ collectorBandwidth: cbw, postToPostSpacing: pitch });
  }
  const power = num(field.fieldDcPower);
  if (power !== undefined && rating !== undefined) {
    set(
      field,
      'numberOfRows',
      defaultNumberOfRows({ moduleCount: moduleCount({ fieldDcPower: power, plannedModuleRating: rating }) }),
      'lockNumberOfRows',
    );
    const rows = num(field.numberOfRows);
    const wide = num(field.modulesWide);
    if (rows !== undefined && high !== undefined && wide !== undefined && rows > 0) {
      field.tablesPerRow = tablesPerRow({
        fieldDcPower: power,
        plannedModuleRating: rating,
        modulesHigh: high,
        modulesWide: wide,
        numberOfRows: rows,
        tablesRemovedForPCS: num(field.tablesRemovedForPCS) ?? 0,
      });
      const p = num(field.postToPostSpacing);
      if (length !== undefined && width !== undefined && p !== undefined && cbw !== undefined) {
        const sizes = {
          moduleLength: length,
          moduleWidth: width,
          moduleOrientation: orientation,
          trackingType: tracking,
          tablesPerRow: field.tablesPerRow as number,
          modulesWide: wide,
          lateralIntermoduleGap: lgap,
          numberOfRows: rows,
          postToPostSpacing: p,
          collectorBandwidth: cbw,
        };
        field.fieldLength = fieldLength(sizes);
        field.fieldWidth = fieldWidth(sizes);
      }
    }
  }
  // 6. Orientation and posts.
  if (tracking === FIXED_TILT && field.moduleTilt === undefined)
    field.moduleTilt = defaultTilt({ latitude: ctx.latitude });
  if (field.moduleAzimuth === undefined && !field.lockModuleAzimuth)
    field.moduleAzimuth = ctx.latitude >= 0 ? 180 : 0;
  if (cbw !== undefined) {
    const height = defaultPostHeight({
      collectorBandwidth: cbw,
      trackingType: tracking,
      moduleTilt: num(field.moduleTilt) ?? null,
      minimumTrackingLimitAngleD: num(field.minimumTrackingLimitAngleD) ?? null,
      maximumTrackingLimitAngleD: num(field.maximumTrackingLimitAngleD) ?? null,
    });
    set(field, 'postHeight', height, 'lockPostHeight');
  }
  field.calculateDCFields = false;
}

/** Recalculates `plant` in place (see the file comment); answers the notices to show. */
export function calculatePlant(plant: Json, ctx: PlantCalculationContext): string[] {
  const notices = new Set<string>();
  const storedModule = new Map<number, number | undefined>();
  if (ctx.stored)
    walkPlant(ctx.stored, ({ level, node }) => {
      if (level === 'dcField' && typeof node.id === 'number') storedModule.set(node.id, num(node.moduleId));
    });
  let marked = false;
  walkPlant(plant, ({ level, node }) => {
    if (level === 'dcField' && node.calculateDCFields === true) marked = true;
  });
  const elevation = num(ctx.site.elevation) ?? 0;
  const cool = num(ctx.site.cool996);
  walkPlant(plant, ({ level, node, ancestors }) => {
    if (level === 'inverter') {
      const inverter =
        num(node.inverterId) !== undefined ? ctx.inverters.get(node.inverterId as number) : undefined;
      if (inverter && plant.useCoolingTemp === true && cool !== undefined) {
        const kva = inverterKva({
          inverter: inverter as InverterKvaFields,
          temperature: cool,
          elevation,
          useCoolingTemp: true,
        }).kVA;
        if (kva !== null && kva > 0 && kva !== node.kVARating) {
          node.kVARating = kva;
          node.setpointkW = (num(node.powerFactor) ?? 1) * kva;
          notices.add(INVERTER_KVA_NOTICE);
        }
      }
    }
    if (level !== 'dcField' || (marked && node.calculateDCFields !== true)) return;
    const parent = ancestors[ancestors.length - 1];
    const inverterId = num(parent?.inverterId);
    const inverter = inverterId !== undefined ? ctx.inverters.get(inverterId) : undefined;
    const id = num(node.id);
    calculateDcField(node, inverter, id !== undefined ? storedModule.get(id) : undefined, ctx, notices);
  });
  // Transmission lines without a resistance.
  const lines = asList(plant.transmissionLines);
  if (lines.some((line) => num(line.resistance) === undefined)) {
    let maxMv = 0;
    walkPlant(plant, ({ level, node }) => {
      if (level === 'array' && node.transformerEnabled !== false)
        maxMv = Math.max(maxMv, num(node.transformerHighSideVoltage) ?? 0);
    });
    const computed = transmissionLineResistances({
      transformers: asList(plant.transformers).flatMap((t) => {
        const ordinal = num(t.ordinal);
        const rating = num(t.rating);
        const highSideVoltage = num(t.highSideVoltage);
        return ordinal !== undefined && rating !== undefined && highSideVoltage !== undefined
          ? [{ ordinal, rating, highSideVoltage }]
          : [];
      }),
      transmissionLines: lines.flatMap((l) =>
        num(l.ordinal) !== undefined ? [{ ordinal: l.ordinal as number }] : [],
      ),
      maxMVTransformerVoltage: maxMv,
      acPowerMw: plantTotals(plant).acCapacityKw / 1000,
    });
    for (const line of lines) {
      if (num(line.resistance) !== undefined) continue;
      const found = computed.find((c) => c.ordinal === line.ordinal);
      if (found && Number.isFinite(found.resistance)) line.resistance = found.resistance;
    }
  }
  return [...notices];
}
