/**
 * An inverter node of a case (spec 3 `PVInverter`, with its library `Inverter`) resolved into the
 * parameters of `inverterSeries`.
 *
 * Defaults of absent fields: `inverterEfficiencyModel` 1 (the Sandia form fitted to the efficiency
 * curves, spec 4 §2 V11+); `setpointkW` the inverter's `powerRated` (spec 4 §2: P_set = derate·P_rated);
 * `designDerate` 1; `kVARating` the inverter's `apparentPower`; `powerFactor` the plant's, else 1; no DC
 * limits the record does not state; no night tare except the Sandia model's Pnt; the efficiency-curve
 * points on the AC-power basis.
 */
import type { EfficiencyCurve } from '../inverter/efficiencyCurves.ts';
import type {
  InverterEfficiencyModel as EngineEfficiencyModel,
  InverterParams,
} from '../inverter/inverter.ts';
import type { KvaCurve, PqCurve } from '../inverter/acLimit.ts';
import type { SandiaInverterParams } from '../inverter/sandia.ts';
import { InverterEfficiencyModelType } from './enums.ts';
import type { CaseReader, Json } from './read.ts';
import { optional } from './resolveModule.ts';

/** An inverter node, resolved (its DC fields are attached by the plant resolution). */
export interface InverterNodeSettings {
  path: string;
  name: string;
  repeater: number;
  inverterName: string;
  params: InverterParams;
  /** time-series overrides per step (NaN = not set): setpoint [W], derate [-], Vmpp [V], Impp [A] */
  setpointSeries: Float64Array | undefined;
  derateSeries: Float64Array | undefined;
  maxVoltageSeries: Float64Array | undefined;
  maxCurrentSeries: Float64Array | undefined;
  /** AC power rating used for sizes: the setpoint [W] */
  acRating: number;
  /** apparent power [VA] (matched array transformers) */
  apparentPower: number;
}

const SANDIA_KEYS = ['paco', 'pdco', 'vdco', 'pso', 'c0', 'c1', 'c2', 'c3', 'pnt'] as const;

function curves(r: CaseReader, o: Json, path: string): EfficiencyCurve[] {
  return r.array(o, 'efficiencyCurves', path, true).flatMap((c, i) => {
    const p = `${path}.efficiencyCurves[${i}]`;
    const x = r.object(c, p);
    if (!x) return [];
    const points = r.array(x, 'efficiencyPoints', p, true).flatMap((e, j) => {
      const q = `${p}.efficiencyPoints[${j}]`;
      const y = r.object(e, q);
      return y
        ? [
            {
              power: r.required(y, 'power', q, { min: 0 }),
              efficiency: r.required(y, 'efficiency', q, { min: 0, max: 100 }),
            },
          ]
        : [];
    });
    return [{ voltage: r.required(x, 'voltage', p, { above: 0 }), efficiencyPoints: points }];
  });
}

function efficiency(
  r: CaseReader,
  o: Json,
  path: string,
  choice: InverterEfficiencyModelType,
  ratedW: number,
): EngineEfficiencyModel | undefined {
  const basis = r.string(o, 'efficiencyPowerBasis', path) === 'dc' ? 'dc' : 'ac';
  switch (choice) {
    case InverterEfficiencyModelType.Sandia: {
      const s = r.object(o.sandiaParameters, `${path}.sandiaParameters`);
      if (!s) return undefined;
      const params = {} as SandiaInverterParams;
      for (const k of SANDIA_KEYS) params[k] = r.required(s, k, `${path}.sandiaParameters`);
      return { type: 'sandia', params };
    }
    case InverterEfficiencyModelType.Pvwatts: {
      const eta = r.numberOr(o, 'nominalEfficiency', path, 96, { above: 0, max: 100 });
      return { type: 'pvwatts', params: { pdc0: ratedW / (eta / 100), etaInvNom: eta / 100 } };
    }
    case InverterEfficiencyModelType.Bilinear:
      return { type: 'curves', efficiencyCurves: curves(r, o, path), powerBasis: basis };
    case InverterEfficiencyModelType.Quadratic:
      return {
        type: 'curvesQuadratic',
        efficiencyCurves: curves(r, o, path),
        powerBasis: basis,
        paco: ratedW,
      };
  }
}

/**
 * Reads an inverter node and its inverter record.
 * @param r the reader
 * @param node the node (`PVInverter`)
 * @param inv the inverter record (`Inverter`), already taken from its library
 * @param path the node's path
 * @param ctx the plant's power factor, `useCoolingTemp` with the prediction's `cool996`, the site's
 *   elevation [m] and the weather's length
 * @returns the node, or undefined after errors
 */
export function resolveInverterNode(
  r: CaseReader,
  node: Json,
  inv: Json,
  path: string,
  ctx: { powerFactor: number; coolingTemperature: number | undefined; elevation: number; steps: number },
): InverterNodeSettings | undefined {
  const ip = `${path}.inverter`;
  const choice = r.choice(
    inv,
    'inverterEfficiencyModel',
    ip,
    InverterEfficiencyModelType,
    InverterEfficiencyModelType.Quadratic,
  );
  const sandiaPaco =
    choice === InverterEfficiencyModelType.Sandia
      ? (inv.sandiaParameters as Json | undefined)?.paco
      : undefined;
  const ratedKw =
    r.number(inv, 'powerRated', ip, { above: 0 }) ??
    (typeof sandiaPaco === 'number' ? sandiaPaco / 1000 : undefined);
  if (ratedKw === undefined) {
    r.error(`${ip}.powerRated`, 'is required [kW]');
    return undefined;
  }
  const eff = efficiency(r, inv, ip, choice, ratedKw * 1000);
  if (!eff) return undefined;
  const setpointKw = r.number(node, 'setpointkW', path, { above: 0 }) ?? ratedKw;
  const kva =
    r.number(node, 'kVARating', path, { above: 0 }) ?? r.number(inv, 'apparentPower', ip, { above: 0 });
  const pf = r.numberOr(node, 'powerFactor', path, ctx.powerFactor, { above: 0, max: 1 });
  const limits = {
    ...optional('minVoltage', r.number(inv, 'minVoltage', ip, { min: 0 })),
    ...optional('maxMPPVoltage', r.number(inv, 'maxMPPVoltage', ip, { above: 0 })),
    ...optional('maxAbsoluteVoltage', r.number(inv, 'maxAbsoluteVoltage', ip, { above: 0 })),
    ...optional('maxCurrent', r.number(inv, 'maxCurrent', ip, { above: 0 })),
  };
  const useKva = r.boolean(inv, 'usekVACurves', ip, false);
  const usePq = r.boolean(inv, 'usePQCurves', ip, false);
  const kvaCurves = useKva ? (r.array(inv, 'kVACurves', ip, true) as KvaCurve[]) : [];
  const pqCurves = usePq ? (r.array(inv, 'pqCurves', ip, true) as PqCurve[]) : [];
  const series = (flag: string, key: string, scale: number) =>
    r.boolean(node, flag, path, false)
      ? r.series(node, key, path, ctx.steps)?.map((v) => v * scale)
      : undefined;
  const threshold = r.number(inv, 'minDCPowerThreshold', ip, { min: 0 });
  const params: InverterParams = {
    efficiency: eff,
    ...(Object.keys(limits).length > 0 ? { dcLimits: limits } : {}),
    ...optional('minDcPowerThreshold', threshold === undefined ? undefined : threshold * 1000),
    setpoint: setpointKw * 1000,
    designDerate: r.numberOr(node, 'designDerate', path, 1, { min: 0, max: 1.5 }),
    ...optional('apparentPower', kva === undefined ? undefined : kva * 1000),
    ...(useKva && kvaCurves.length > 0
      ? {
          kva: {
            kVACurves: kvaCurves,
            elevation: ctx.elevation,
            ...optional('coolingTemperature', ctx.coolingTemperature),
          },
        }
      : {}),
    powerFactor: pf,
    ...(usePq && pqCurves.length > 0 ? { pqCurves } : {}),
  };
  return {
    path,
    name: String(node.name ?? path),
    repeater: r.numberOr(node, 'repeater', path, 1, { integer: true, min: 0 }),
    inverterName: r.string(inv, 'name', ip) ?? 'inverter',
    params,
    setpointSeries: series('useSetPointTimeSeries', 'setPointTimeSeriesDetails', 1000),
    derateSeries: series('useDerateTimeSeries', 'derateTimeSeriesDetails', 1),
    maxVoltageSeries: series('useVMPPTimeSeriesAdjustment', 'vmppTimeSeriesDetails', 1),
    maxCurrentSeries: series('useIMPPTimeSeriesAdjustment', 'imppTimeSeriesDetails', 1),
    acRating: setpointKw * 1000,
    apparentPower: (kva ?? setpointKw / pf) * 1000,
  };
}
