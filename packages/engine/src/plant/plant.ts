/**
 * The plant's AC side after the blocks: high-voltage transformers and transmission lines in ordinal
 * order → availability → LGIA (interconnection) limit (step 19 of the chain, spec 4 §2).
 */
import { defaultLineResistance, lineCurrent, linePhaseResistance } from './transmissionLine.ts';
import { transformerLossKernel } from './transformer.ts';

/** A plant transformer or line, in engine units; applied in ascending `ordinal`. */
export type PlantAcElement =
  | {
      kind: 'transformer';
      ordinal: number;
      /** Rating [VA]. */
      rating: number;
      /** High-side (output) voltage [V]. */
      highSideVoltage: number;
      /** No-load and full-load losses [% of rating]. */
      noLoadLoss: number;
      fullLoadLoss: number;
    }
  | {
      kind: 'line';
      ordinal: number;
      /** Route length [km]. */
      lengthKm: number;
      /** Conductor resistance [Ω per 1000 ft]; absent, null or ≤ 0 = the default of spec 2 §9.3. */
      resistance?: number | null;
      numberOfConductorsPerPhase: number;
    };

/**
 * Converts the spec 3 plant lists (`transformers`: rating MVA, highSideVoltage kV, losses %;
 * `transmissionLines`: length km, resistance Ω per 1000 ft ("Ω/300 m"), conductors per phase) to
 * engine elements.
 * @param x the plant's `transformers` and `transmissionLines`
 * @returns elements in engine units (VA, V, km, Ω/1000 ft)
 */
export function plantElementsFromSpec(x: {
  transformers?: readonly {
    rating: number;
    highSideVoltage: number;
    noLoadLoss: number;
    fullLoadLoss: number;
    ordinal: number;
  }[];
  transmissionLines?: readonly {
    length: number;
    resistance?: number | null;
    numberOfConductorsPerPhase: number;
    ordinal: number;
  }[];
}): PlantAcElement[] {
  return [
    ...(x.transformers ?? []).map((t): PlantAcElement => ({
      kind: 'transformer',
      ordinal: t.ordinal,
      rating: t.rating * 1e6,
      highSideVoltage: t.highSideVoltage * 1e3,
      noLoadLoss: t.noLoadLoss,
      fullLoadLoss: t.fullLoadLoss,
    })),
    ...(x.transmissionLines ?? []).map((l): PlantAcElement => ({
      kind: 'line',
      ordinal: l.ordinal,
      lengthKm: l.length,
      resistance: l.resistance,
      numberOfConductorsPerPhase: l.numberOfConductorsPerPhase,
    })),
  ];
}

/** Parameters of the plant's AC side. */
export interface PlantAcParams {
  elements: readonly PlantAcElement[];
  /** Plant power factor [-], default 1. */
  powerFactor?: number;
  /** Availability loss [%], default 0. */
  availabilityLoss?: number;
  /** Constant LGIA limit [W] (`lgiaLimitation`·1e6); default none. */
  lgiaLimit?: number;
  /** Highest array transformer high-side voltage [V]: the voltage of lines before any plant transformer. */
  maxArrayVoltage: number;
  /** Plant AC capacity [W]: sizes a default line when no transformer precedes it. */
  acCapacity: number;
  /** Night-time disconnect: the plant exports and draws nothing while it does not produce. */
  nighttimeDisconnect?: boolean;
}

/** What a chain element resolved to (for reports and the nodal export). */
export interface ResolvedPlantElement {
  kind: 'transformer' | 'line';
  ordinal: number;
  /** Line: the resistance used [Ω per 1000 ft] (given or default), its voltage [V] and Rph [Ω]. */
  resistance?: number;
  voltage?: number;
  phaseResistance?: number;
}

/** @internal Prepared chain: kind 0 transformer (a = rating, b = NL, c = FL), 1 line (a = Rph, b = V²). */
export interface PreparedPlantAc {
  kind: Uint8Array;
  a: Float64Array;
  b: Float64Array;
  c: Float64Array;
  resolved: ResolvedPlantElement[];
}

/**
 * Orders the elements by ordinal (a transformer before a line of the same ordinal) and resolves each
 * line: its voltage is the high-side voltage of the nearest preceding transformer, else the highest
 * array voltage; without a resistance it gets {@link defaultLineResistance} of the current
 * I = S/(√3·V), S being the preceding transformer's rating or else the plant's AC capacity.
 * @param p plant parameters
 * @returns the prepared chain, with `resolved` listing what each element uses
 */
export function preparePlantAc(p: PlantAcParams): PreparedPlantAc {
  const els = p.elements
    .map((e, i) => ({ e, i }))
    .sort(
      (u, v) =>
        u.e.ordinal - v.e.ordinal ||
        (u.e.kind === v.e.kind ? u.i - v.i : u.e.kind === 'transformer' ? -1 : 1),
    )
    .map((u) => u.e);
  const n = els.length;
  const out: PreparedPlantAc = {
    kind: new Uint8Array(n),
    a: new Float64Array(n),
    b: new Float64Array(n),
    c: new Float64Array(n),
    resolved: [],
  };
  let voltage = p.maxArrayVoltage;
  let sizing = p.acCapacity;
  els.forEach((e, k) => {
    if (e.kind === 'transformer') {
      out.kind[k] = 0;
      out.a[k] = e.rating;
      out.b[k] = e.noLoadLoss;
      out.c[k] = e.fullLoadLoss;
      voltage = e.highSideVoltage;
      sizing = e.rating;
      out.resolved.push({ kind: 'transformer', ordinal: e.ordinal });
    } else {
      const r =
        e.resistance != null && e.resistance > 0
          ? e.resistance
          : defaultLineResistance({ current: lineCurrent({ apparentPower: sizing, voltage }) });
      const rph = linePhaseResistance({
        lengthKm: e.lengthKm,
        resistance: r,
        numberOfConductorsPerPhase: e.numberOfConductorsPerPhase,
      });
      out.kind[k] = 1;
      out.a[k] = rph;
      out.b[k] = voltage * voltage;
      out.resolved.push({ kind: 'line', ordinal: e.ordinal, resistance: r, voltage, phaseResistance: rph });
    }
  });
  return out;
}

/** Per-step outputs of {@link plantAcSeries}; only `power` is required. */
export interface PlantAcOutputs {
  /** Power at the point of interconnection [W]. */
  power: Float64Array;
  /** Σ transformer losses [W]. */
  transformerLoss?: Float64Array;
  /** Σ line losses [W]. */
  lineLoss?: Float64Array;
  /** Availability loss [W]. */
  availabilityLoss?: Float64Array;
  /** Power cut by the LGIA limit [W]. */
  lgiaLoss?: Float64Array;
  /** Loss of each element in chain order [W] (one column per element). */
  elementLoss?: readonly Float64Array[];
}

/**
 * Plant output at the point of interconnection over a series of steps.
 *
 * From P0 = Σ blocks × repeaters: not producing with `nighttimeDisconnect` → 0; otherwise, in ordinal
 * order, each transformer removes Sr·[NL + FL·(|P|/(pf·Sr))²]/100 and each line S²·Rph/V² (S = |P|/pf);
 * then availability P·(1 − A/100) (on production only, P > 0) and the LGIA clip min(P, Plgia), with
 * Plgia the step's value of `x.lgiaLimit` (NaN = the constant limit).
 *
 * @param x.power Σ block power [W]
 * @param x.lgiaLimit LGIA limit series [W] (`useLGIALimitTimeSeries`), optional
 * @param p plant parameters (see {@link PlantAcParams}), or the prepared chain with them
 * @param out caller-owned outputs (see {@link PlantAcOutputs})
 * @returns `out`
 */
export function plantAcSeries(
  x: { power: Float64Array; lgiaLimit?: Float64Array },
  p: PlantAcParams & { prepared?: PreparedPlantAc },
  out: PlantAcOutputs,
): PlantAcOutputs {
  const q = p.prepared ?? preparePlantAc(p);
  const { kind, a, b, c } = q;
  const m = kind.length;
  const pw = x.power;
  const series = x.lgiaLimit;
  const lgia0 = p.lgiaLimit ?? Infinity;
  const avail = 1 - (p.availabilityLoss ?? 0) / 100;
  const pfInv = 1 / Math.abs(p.powerFactor ?? 1);
  const disconnect = p.nighttimeDisconnect === true;
  const { power, transformerLoss, lineLoss, availabilityLoss, lgiaLoss, elementLoss } = out;
  for (let i = 0; i < pw.length; i++) {
    let v = pw[i]!;
    let tl = 0;
    let ll = 0;
    if (!(v > 0) && disconnect) {
      v = 0;
      if (elementLoss) for (let k = 0; k < m; k++) elementLoss[k]![i] = 0;
    } else {
      for (let k = 0; k < m; k++) {
        let l: number;
        if (kind[k] === 0) {
          l = transformerLossKernel(v, a[k]!, b[k]!, c[k]!, pfInv, 1);
          tl += l;
        } else {
          const s = v * pfInv;
          l = (s * s * a[k]!) / b[k]!;
          ll += l;
        }
        v -= l;
        if (elementLoss) elementLoss[k]![i] = l;
      }
    }
    let al = 0;
    if (v > 0) {
      al = v * (1 - avail);
      v -= al;
    }
    let lim = lgia0;
    if (series) {
      const s = series[i]!;
      if (s === s) lim = s;
    }
    let gl = 0;
    if (v > lim) {
      gl = v - lim;
      v = lim;
    }
    power[i] = v;
    if (transformerLoss) transformerLoss[i] = tl;
    if (lineLoss) lineLoss[i] = ll;
    if (availabilityLoss) availabilityLoss[i] = al;
    if (lgiaLoss) lgiaLoss[i] = gl;
  }
  return out;
}

/**
 * Scalar form of {@link plantAcSeries} for one step.
 * @param x.power Σ block power [W]
 * @param x.lgiaLimit the step's LGIA limit [W] (optional)
 * @param p plant parameters
 * @returns power at the point of interconnection [W]
 */
export function plantAc(x: { power: number; lgiaLimit?: number }, p: PlantAcParams): number {
  const out = { power: new Float64Array(1) };
  plantAcSeries(
    {
      power: Float64Array.of(x.power),
      lgiaLimit: x.lgiaLimit === undefined ? undefined : Float64Array.of(x.lgiaLimit),
    },
    p,
    out,
  );
  return out.power[0]!;
}
