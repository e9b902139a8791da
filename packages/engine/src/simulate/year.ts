/**
 * One simulation year of the plant (spec 4 §2 steps 15–20): for each block, its lifetime factors
 * (energization, degradation, LeTID; `lifetime/`), its distinct inverters and arrays (`nodes.ts`),
 * then the plant's transformers and lines, availability, LGIA and storage; and the plant-level columns
 * of the loss tree for that year.
 */
import { degradationApplication, degradationFromPrediction } from '../lifetime/degradation.ts';
import {
  lifetimeFactorsSeries,
  prepareLifetime,
  type PreparedLifetime,
  type YearRepeaterPlan,
} from '../lifetime/yearRepeater.ts';
import { plantAcSeries, preparePlantAc, type PreparedPlantAc } from '../plant/plant.ts';
import { essDispatchSeries, essInitialState, type EssOutputs, type EssState } from '../storage/dispatch.ts';
import type { DcFieldResult } from './dcField.ts';
import {
  allocateArray,
  allocateInverter,
  inverterInput,
  noArrayLoads,
  runArray,
  runInverter,
  type ArrayResult,
  type InverterInput,
  type InverterResult,
  type YearFactors,
} from './nodes.ts';
import type { PlantSettings } from './resolvePlant.ts';
import type { PredictionSettings } from './resolvePrediction.ts';
import { resultColumn, zeroColumn } from './scratch.ts';

/** Plant-level columns of one year [W] (totals over every node × repeaters). */
export interface PlantYearColumns {
  /** loss-tree stages after the DC field outputs */
  dcAfterDegradation: Float64Array;
  dcAfterLetid: Float64Array;
  acInverterOutput: Float64Array;
  acAfterLimitation: Float64Array;
  acAfterDegradation: Float64Array;
  acAfterLetid: Float64Array;
  acAfterCooling: Float64Array;
  acAfterTrackerMotors: Float64Array;
  acAfterAuxiliary: Float64Array;
  acAfterMvTransformers: Float64Array;
  acAfterCollection: Float64Array;
  /** power after each plant transformer or line, in ordinal order, with its kind */
  plantElements: { type: string; power: Float64Array }[];
  acAfterAvailability: Float64Array;
  acAfterLgia: Float64Array;
  /** power at the point of interconnection (after storage when present) */
  power: Float64Array;
  /** losses of the plant's AC side */
  elementLoss: Float64Array[];
  availabilityLoss: Float64Array;
  lgiaLoss: Float64Array;
  /** storage outputs and the cumulative ESS stages of the loss tree, when the plant has storage */
  ess: EssColumns | undefined;
}

/** Storage columns [W, -] (see `essDispatchSeries`) and the ESS stages of the loss tree. */
export type EssColumns = Required<
  Pick<EssOutputs, 'power' | 'batteryPower' | 'soc' | 'charge' | 'discharge'>
> &
  Required<Pick<EssOutputs, 'inverterLoss' | 'mvLoss' | 'hvacLoss' | 'storageLoss' | 'limitLoss'>> & {
    /** after the round trip, the ESS inverter, its MV transformer and HVAC (cumulative) */
    stages: Float64Array[];
  };

/** A block over a year: one instance's output [W] (0 before its energization). */
export interface BlockResult {
  readonly path: string;
  readonly name: string;
  readonly repeater: number;
  readonly power: Float64Array;
}

/** What one year produced: plant columns, blocks and the distinct inverters and arrays. */
export interface YearResult {
  plant: PlantYearColumns;
  blocks: BlockResult[];
  inverters: InverterResult[];
  arrays: ArrayResult[];
}

interface Lifetime {
  key: string;
  prepared: PreparedLifetime;
  application: 'dc' | 'ac';
  trivial: boolean;
  factors: YearFactors;
  energized: Float64Array | undefined;
  degradation: Float64Array | undefined;
  letid: Float64Array | undefined;
  /** the factor columns behind `factors` */
  buffers: Float64Array[];
}

const f64 = (n: number) => resultColumn(n);
/** A column that `run` zero-fills itself (or whose every step a loop sets): not zero-filled twice. */
const w64 = (n: number) => resultColumn(n, true);

/** Runs the plant year by year, reusing every column after the first year's (which it keeps). */
export class YearRunner {
  private readonly n: number;
  private readonly inputs = new Map<string, InverterInput>();
  private readonly lifetimes: Lifetime[];
  private readonly prepared: PreparedPlantAc;
  private essState: EssState | undefined;
  /** some block has degradation, LeTID or a late energization: the stage columns differ from the plain sums */
  private readonly lifetimeFactors: boolean;
  /** one block without repeater: the plant's sum after AC collection is that block's column */
  private readonly oneBlock: boolean;
  /** that block is one array without repeater, and no block has lifetime factors: the plant's inverter sums are the array's */
  private readonly oneArray: boolean;
  /** that array has no loads (`noArrayLoads`): the plant's stages after cooling up to MV transformers are its power */
  private readonly oneArrayNoLoads: boolean;
  /**
   * no transformer or line, no availability loss, no LGIA limit, no night disconnect, no storage:
   * `plantAcSeries` gives its input back at every step (v − 0 = v), so the power after availability,
   * after LGIA and at the point of interconnection are the sum after AC collection, and the
   * availability and LGIA losses are the simulation's zero column
   */
  private readonly plainAc: boolean;

  constructor(
    private readonly plant: PlantSettings,
    prediction: PredictionSettings,
    private readonly fields: ReadonlyMap<string, DcFieldResult>,
    /** the plant's DC output before degradation (`PlantStages.dcAfterHealth`) */
    private readonly dcOutput: Float64Array,
    private readonly plan: YearRepeaterPlan,
    private readonly context: {
      stepHours: number;
      tempAir: Float64Array;
      month: Uint8Array;
      hour: Uint8Array;
      yearStart: number;
      /** length of the weather relative to a year [-] */
      yearFraction: number;
    },
  ) {
    this.n = dcOutput.length;
    const p = prediction.degradation;
    const degradation = degradationFromPrediction({
      degradationModel: p.model,
      linearDegradationRate: p.linearRate,
      firstYearDegradation: p.firstYear,
      nonLinearDegradationRates: p.nonLinearRates,
    });
    const letid =
      p.leTidRates.length > 0
        ? { model: 'annualRates' as const, rates: p.leTidRates }
        : { model: 'none' as const };
    const byKey = new Map<string, Lifetime>();
    this.lifetimes = plant.blocks.map((b) => {
      const energization = b.energization ?? context.yearStart;
      const key = `${energization}`;
      let lt = byKey.get(key);
      if (!lt) {
        const app = degradationApplication(degradation);
        lt = {
          key,
          prepared: prepareLifetime({
            energization,
            degradation,
            letid,
            utcOffsetHours: plan.utcOffsetHours,
          }),
          application: app === 'ac' ? 'ac' : 'dc',
          trivial:
            degradation.model === 'none' && letid.model === 'none' && energization <= context.yearStart,
          factors: { dc: undefined, acDegradation: undefined, acLetid: undefined },
          energized: undefined,
          degradation: undefined,
          letid: undefined,
          buffers: [],
        };
        byKey.set(key, lt);
      }
      return lt;
    });
    this.lifetimeFactors = this.lifetimes.some((lt) => !lt.trivial);
    this.oneBlock = plant.blocks.length === 1 && plant.blocks[0]!.repeater === 1;
    const arrays = plant.blocks[0]?.arrays;
    this.oneArray =
      this.oneBlock && arrays!.length === 1 && arrays![0]!.repeater === 1 && !this.lifetimeFactors;
    this.oneArrayNoLoads = this.oneArray && noArrayLoads(arrays![0]!);
    this.plainAc =
      plant.elements.length === 0 &&
      plant.availabilityLoss === 0 &&
      plant.lgiaLimit === undefined &&
      plant.lgiaSeries === undefined &&
      !plant.nighttimeDisconnect &&
      !plant.ess;
    this.prepared = preparePlantAc(this.plantAcParams());
    for (const b of plant.blocks)
      for (const a of b.arrays)
        for (const i of a.inverters)
          if (!this.inputs.has(i.key)) this.inputs.set(i.key, inverterInput(i, fields, this.n));
  }

  private plantAcParams() {
    const p = this.plant;
    let maxArrayVoltage = 0;
    for (const b of p.blocks)
      for (const a of b.arrays) maxArrayVoltage = Math.max(maxArrayVoltage, a.highSideVoltage);
    return {
      elements: p.elements,
      powerFactor: p.powerFactor,
      availabilityLoss: p.availabilityLoss,
      ...(p.lgiaLimit !== undefined && !p.ess ? { lgiaLimit: p.lgiaLimit } : {}),
      maxArrayVoltage: maxArrayVoltage > 0 ? maxArrayVoltage : 34_500,
      acCapacity: p.acCapacity,
      nighttimeDisconnect: p.nighttimeDisconnect,
    };
  }

  /** @internal The year's factor columns of a lifetime (allocated once, refilled each year). */
  private factors(lt: Lifetime, year: number): void {
    if (lt.trivial) return;
    const n = this.n;
    if (lt.buffers.length === 0) lt.buffers = [f64(n), f64(n), f64(n), f64(n), f64(n)];
    const [energized, degradation, letid, a, b] = lt.buffers as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    lifetimeFactorsSeries(
      { msIntoYear: this.plan.msIntoYear },
      { year, lifetime: lt.prepared },
      { energized, degradation, letid },
    );
    lt.energized = energized;
    lt.degradation = degradation;
    lt.letid = letid;
    if (lt.application === 'dc') {
      for (let i = 0; i < n; i++) a[i] = degradation[i]! * letid[i]!;
      lt.factors = { dc: a, acDegradation: undefined, acLetid: undefined };
    } else {
      for (let i = 0; i < n; i++) b[i] = degradation[i]! * letid[i]!;
      lt.factors = { dc: undefined, acDegradation: degradation, acLetid: b };
    }
  }

  /** Allocates the plant columns of a year. */
  private plantColumns(): PlantYearColumns {
    const n = this.n;
    const p = this.plant;
    const types = this.prepared.resolved.map((e) => e.kind);
    const ess = p.ess
      ? {
          power: f64(n),
          batteryPower: f64(n),
          soc: f64(n),
          charge: f64(n),
          discharge: f64(n),
          inverterLoss: f64(n),
          mvLoss: f64(n),
          hvacLoss: f64(n),
          storageLoss: f64(n),
          limitLoss: f64(n),
          stages: [f64(n), f64(n), f64(n), f64(n)],
        }
      : undefined;
    // The stage sums are zero-filled by `run` (its `zero` list, and plantOutput's sum) before it adds
    // to them; elementStages sets every step of the element and availability columns.
    // The array's columns, set by run, when the plant is one array (0 + 1·P: both are never −0).
    const limitation = this.oneArray ? new Float64Array(0) : w64(n);
    const dcDeg = this.lifetimeFactors ? w64(n) : this.dcOutput;
    const acDeg = this.lifetimeFactors ? w64(n) : limitation;
    const plain = this.plainAc;
    // Without any plant AC loss these are the sum after collection (plantOutput sets them).
    const power = plain ? new Float64Array(0) : f64(n);
    return {
      dcAfterDegradation: dcDeg,
      dcAfterLetid: this.lifetimeFactors ? w64(n) : dcDeg,
      acInverterOutput: this.oneArray ? new Float64Array(0) : w64(n),
      acAfterLimitation: limitation,
      acAfterDegradation: acDeg,
      acAfterLetid: this.lifetimeFactors ? w64(n) : acDeg,
      acAfterCooling: this.oneArrayNoLoads ? new Float64Array(0) : w64(n),
      acAfterTrackerMotors: this.oneArrayNoLoads ? new Float64Array(0) : w64(n),
      acAfterAuxiliary: this.oneArrayNoLoads ? new Float64Array(0) : w64(n),
      acAfterMvTransformers: this.oneArrayNoLoads ? new Float64Array(0) : w64(n),
      // The block's column, set by plantOutput, when the plant has one block without repeater.
      acAfterCollection: this.oneBlock ? new Float64Array(0) : w64(n),
      plantElements: types.map((t) => ({
        type: t === 'transformer' ? 'Transformer' : 'Transmission Line',
        power: w64(n),
      })),
      acAfterAvailability: plain ? power : w64(n),
      acAfterLgia: p.ess ? f64(n) : power,
      power,
      elementLoss: types.map(() => f64(n)),
      availabilityLoss: plain ? zeroColumn(n) : f64(n),
      lgiaLoss: plain ? zeroColumn(n) : f64(n),
      ess,
    };
  }

  /**
   * Runs one simulation year.
   * @param year calendar year of the simulation year
   * @param target the columns to fill (from a previous call), or undefined to allocate new ones
   * @returns the year's columns and node results
   */
  run(year: number, target?: YearResult): YearResult {
    const n = this.n;
    const { stepHours, tempAir, yearFraction } = this.context;
    for (const lt of new Set(this.lifetimes)) this.factors(lt, year);
    const plant = target?.plant ?? this.plantColumns();
    const inverterMap = new Map<string, InverterResult>((target?.inverters ?? []).map((r) => [r.key, r]));
    const arrayMap = new Map<string, ArrayResult>((target?.arrays ?? []).map((r) => [r.key, r]));
    const fresh = target === undefined;
    const done = new Set<string>();
    const all = this.lifetimeFactors;
    const zero: Float64Array[] = [];
    if (!this.oneArray) zero.push(plant.acInverterOutput, plant.acAfterLimitation);
    if (!this.oneArrayNoLoads)
      zero.push(
        plant.acAfterCooling,
        plant.acAfterTrackerMotors,
        plant.acAfterAuxiliary,
        plant.acAfterMvTransformers,
      );
    // Without lifetime factors these four are aliases of the DC output and of the inverter sum.
    if (all)
      zero.push(plant.dcAfterDegradation, plant.dcAfterLetid, plant.acAfterDegradation, plant.acAfterLetid);
    for (const c of zero) c.fill(0);
    const blocks: BlockResult[] = this.plant.blocks.map((b, bi) => {
      const lt = this.lifetimes[bi]!;
      const e = lt.energized;
      // A block of one array without repeater, always energized: its column is the array's (0 + 1·P·1 = P;
      // an array's power is never −0). Such a column is never written after its stage (issue 17).
      const sole = b.arrays.length === 1 && b.arrays[0]!.repeater === 1 && e === undefined;
      let power = sole ? undefined : (target?.blocks[bi]?.power ?? w64(n));
      power?.fill(0);
      for (const a of b.arrays) {
        const results = a.inverters.map((inv) => {
          const key = `${inv.key}|${lt.key}`;
          let r = inverterMap.get(key);
          if (!r) {
            r = allocateInverter(inv, key, n);
            inverterMap.set(key, r);
          }
          if (!done.has(key)) {
            runInverter(this.inputs.get(inv.key)!, lt.factors, tempAir, r);
            done.add(key);
          }
          if (fresh) {
            r.paths.push(inv.path);
            r.instances += b.repeater * a.repeater * inv.repeater;
          }
          return r;
        });
        const akey = `${a.key}|${lt.key}`;
        let ar = arrayMap.get(akey);
        if (!ar) {
          ar = allocateArray(a, akey, n, lt.trivial || lt.application === 'dc', results);
          arrayMap.set(akey, ar);
        }
        if (!done.has(akey)) {
          runArray(results, lt.factors, stepHours, yearFraction, ar);
          done.add(akey);
        }
        if (fresh) {
          ar.paths.push(a.path);
          ar.instances += b.repeater * a.repeater;
        }
        if (this.oneArray) {
          plant.acInverterOutput = ar.inverterGross;
          plant.acAfterLimitation = plant.acAfterDegradation = plant.acAfterLetid = ar.inverterAc;
        }
        if (this.oneArrayNoLoads) {
          // 0 + 1·(P − 0) = P, and P − 0 − 0 = P: nothing is left to add.
          plant.acAfterCooling = plant.acAfterTrackerMotors = ar.afterLetid;
          plant.acAfterAuxiliary = plant.acAfterMvTransformers = ar.afterLetid;
        } else accumulateArray(plant, ar, b.repeater * a.repeater, e, this.inputs, lt, all, !this.oneArray);
        if (power) addArrayPower(power, ar.power, a.repeater, e);
        else power = ar.power;
      }
      power ??= w64(n).fill(0);
      return { path: b.path, name: b.name, repeater: b.repeater, power };
    });
    this.plantOutput(blocks, plant);
    return { plant, blocks, inverters: [...inverterMap.values()], arrays: [...arrayMap.values()] };
  }

  /** @internal Plant AC side (steps 19–20) and the loss-tree columns after AC collection. */
  private plantOutput(blocks: BlockResult[], plant: PlantYearColumns): void {
    // One block without repeater: the sum (0 + 1·P) is its column, which is never −0 (a sum from +0, or an array's).
    if (this.oneBlock) plant.acAfterCollection = blocks[0]!.power;
    else {
      plant.acAfterCollection.fill(0);
      for (const b of blocks) addArrayPower(plant.acAfterCollection, b.power, b.repeater, undefined);
    }
    const sum = plant.acAfterCollection;
    if (this.plainAc) {
      plant.acAfterAvailability = plant.acAfterLgia = plant.power = sum;
      return;
    }
    const p = this.plant;
    const out = p.ess ? plant.acAfterLgia : plant.power;
    plantAcSeries(
      { power: sum, ...(p.lgiaSeries && !p.ess ? { lgiaLimit: p.lgiaSeries } : {}) },
      { ...this.plantAcParams(), prepared: this.prepared },
      {
        power: out,
        elementLoss: plant.elementLoss,
        availabilityLoss: plant.availabilityLoss,
        lgiaLoss: plant.lgiaLoss,
      },
    );
    elementStages(
      sum,
      plant.elementLoss,
      plant.plantElements.map((el) => el.power),
      plant.availabilityLoss,
      plant.acAfterAvailability,
    );
    if (!p.ess) return;
    // Storage on the AC bus: the plant output after availability is offered to it, the LGIA limit at the bus.
    const ess = plant.ess!;
    this.essState ??= essInitialState(p.ess);
    essDispatchSeries(
      {
        pv: plant.acAfterLgia,
        month: this.context.month,
        hour: this.context.hour,
        ...(p.lgiaSeries ? { limitSeries: p.lgiaSeries } : {}),
      },
      p.ess,
      { intervalHours: this.context.stepHours, ...(p.lgiaLimit !== undefined ? { limit: p.lgiaLimit } : {}) },
      ess,
      this.essState,
    );
    plant.power.set(ess.power);
    essStages(ess, plant.acAfterLgia, plant.lgiaLoss);
  }
}

/**
 * @internal Power after each plant element (cumulative) and after availability. The loops of
 * `plantOutput` are leaf functions: inside it they made it hot, and its optimised code (with the
 * plant's AC chain inlined) was thrown away in each of the first runs (issue 17, warm-up).
 */
function elementStages(
  sum: Float64Array,
  elementLoss: readonly Float64Array[],
  elementPower: readonly Float64Array[],
  availabilityLoss: Float64Array,
  afterAvailability: Float64Array,
): void {
  const m = elementLoss.length;
  for (let i = 0; i < sum.length; i++) {
    let v = sum[i]!;
    for (let k = 0; k < m; k++) {
      v -= elementLoss[k]![i]!;
      elementPower[k]![i] = v;
    }
    afterAvailability[i] = v - availabilityLoss[i]!;
  }
}

/** @internal The cumulative ESS stages of the loss tree (after HVAC, MV, inverter, round trip) and the LGIA columns. */
function essStages(ess: EssColumns, acAfterLgia: Float64Array, lgiaLoss: Float64Array): void {
  const [roundTrip, inverter, mv, hvac] = ess.stages as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  for (let i = 0; i < acAfterLgia.length; i++) {
    hvac[i] = ess.power[i]!;
    mv[i] = hvac[i]! + ess.hvacLoss[i]!;
    inverter[i] = mv[i]! + ess.mvLoss[i]!;
    roundTrip[i] = inverter[i]! + ess.inverterLoss[i]!;
    acAfterLgia[i] = roundTrip[i]! + ess.storageLoss[i]!;
    lgiaLoss[i] = ess.limitLoss[i]!;
  }
}

/**
 * @internal power += rep·array power (× energized). A function of its own: the loop made the closure
 * around it hot, and V8 optimised that closure with all it inlines (30-36 ms of compilation, three
 * times in the first runs; issue 17, warm-up).
 */
function addArrayPower(
  power: Float64Array,
  ap: Float64Array,
  rep: number,
  e: Float64Array | undefined,
): void {
  for (let i = 0; i < power.length; i++) power[i]! += rep * ap[i]! * (e ? e[i]! : 1);
}

/** @internal Adds one array (× count, × energized) into the plant's loss-tree columns. */
function accumulateArray(
  plant: PlantYearColumns,
  ar: ArrayResult,
  count: number,
  e: Float64Array | undefined,
  inputs: ReadonlyMap<string, InverterInput>,
  lt: Lifetime,
  lifetimeColumns: boolean,
  /** add to the plant's inverter sums (false: they are this array's columns) */
  inverterSums: boolean,
): void {
  const n = ar.power.length;
  const dc = lt.factors.dc;
  const deg = lt.application === 'dc' ? lt.degradation : undefined;
  // Columns in locals: property loads are not hoisted out of these loops.
  const dcAfterDegradation = plant.dcAfterDegradation;
  const dcAfterLetid = plant.dcAfterLetid;
  if (lifetimeColumns)
    for (const inv of ar.settings.inverters) {
      const c = count * inv.repeater;
      const raw = inputs.get(inv.key)!.power;
      for (let i = 0; i < n; i++) {
        const w = c * (e ? e[i]! : 1) * raw[i]!;
        dcAfterDegradation[i]! += deg ? w * deg[i]! : w;
        dcAfterLetid[i]! += dc ? w * dc[i]! : w;
      }
    }
  const { afterLetid, coolingLoss, trackerMotorLoss, auxiliaryLoss, inverterGross, inverterAc } = ar;
  const { afterDegradation, transformerLoss } = ar;
  const { acInverterOutput, acAfterLimitation, acAfterDegradation, acAfterLetid } = plant;
  const { acAfterCooling, acAfterTrackerMotors, acAfterAuxiliary, acAfterMvTransformers } = plant;
  for (let i = 0; i < n; i++) {
    const w = count * (e ? e[i]! : 1);
    const l = afterLetid[i]!;
    const cool = coolingLoss[i]!;
    const motor = trackerMotorLoss[i]!;
    const aux = auxiliaryLoss[i]!;
    if (inverterSums) {
      acInverterOutput[i]! += w * inverterGross[i]!;
      acAfterLimitation[i]! += w * inverterAc[i]!;
    }
    if (lifetimeColumns) {
      acAfterDegradation[i]! += w * afterDegradation[i]!;
      acAfterLetid[i]! += w * l;
    }
    acAfterCooling[i]! += w * (l - cool);
    acAfterTrackerMotors[i]! += w * (l - cool - motor);
    acAfterAuxiliary[i]! += w * (l - aux);
    acAfterMvTransformers[i]! += w * (l - aux - transformerLoss[i]!);
  }
}
