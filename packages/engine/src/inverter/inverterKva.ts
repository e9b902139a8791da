/**
 * The kVA call of the inverter library (spec 2 §7.9 `GET /Inverter/{id}/kVA?Temperature&Elevation&
 * UseCoolingTemp`, `POST /Inverter/kVA`; spec 4: the SDK sets an inverter node's setpoint to
 * pf·kVA with the kVA at the site elevation and the ASHRAE cooling design temperature `cool996`).
 */
import { inverterApparentPowerLimit, type KvaCurve } from './acLimit.ts';

/** The inverter fields the kVA call reads (spec 3 names; values may be null). */
export interface InverterKvaFields {
  powerRated?: number | null;
  apparentPower?: number | null;
  usekVACurves?: boolean | null;
  kVACurves?: readonly KvaCurve[] | null;
}

/** Temperature used when none is given [°C]. */
export const KVA_DEFAULT_TEMPERATURE = 25;

/**
 * Available apparent power of an inverter at an ambient temperature and site elevation [kVA].
 *
 * With kVA curves (and `usekVACurves` not false): the curve for the elevation (the lowest curve at
 * or above it, else the highest; spec 4 "interpolated linearly in temperature only") evaluated at
 * the temperature, linear between points and held beyond them (`inverterApparentPowerLimit`).
 * `useCoolingTemp` says that the temperature given is the site's cooling design temperature
 * (ASHRAE 0.4 %, `cool996`) rather than an ambient value; the evaluation is the same, the flag is
 * reported back. Without usable curves: `apparentPower`, else `powerRated`.
 *
 * @param x.inverter the inverter record
 * @param x.temperature ambient or cooling design temperature [°C], default 25
 * @param x.elevation site elevation [m], default 0
 * @param x.useCoolingTemp whether `temperature` is the cooling design temperature
 * @returns `kVA` [kVA] (null when the inverter has neither curves nor a rating), and what was used
 */
export function inverterKva(x: {
  inverter: InverterKvaFields;
  temperature?: number | null;
  elevation?: number | null;
  useCoolingTemp?: boolean | null;
}): {
  kVA: number | null;
  source: 'curves' | 'apparentPower' | 'powerRated' | 'none';
  temperature: number;
  elevation: number;
  useCoolingTemp: boolean;
} {
  const temperature = Number.isFinite(x.temperature) ? x.temperature! : KVA_DEFAULT_TEMPERATURE;
  const elevation = Number.isFinite(x.elevation) ? x.elevation! : 0;
  const useCoolingTemp = x.useCoolingTemp === true;
  const inv = x.inverter;
  const curves = (inv.kVACurves ?? []).filter(
    (c) =>
      c &&
      Number.isFinite(c.elevation) &&
      Array.isArray(c.kVAPoints) &&
      c.kVAPoints.some((p) => Number.isFinite(p?.temperature) && Number.isFinite(p?.kVA)),
  );
  const base = { temperature, elevation, useCoolingTemp };
  if (inv.usekVACurves !== false && curves.length > 0) {
    const clean = curves.map((c) => ({
      elevation: c.elevation,
      kVAPoints: c.kVAPoints.filter((p) => Number.isFinite(p.temperature) && Number.isFinite(p.kVA)),
    }));
    return {
      kVA: inverterApparentPowerLimit({ tempAir: temperature, elevation }, { kVACurves: clean }) / 1000,
      source: 'curves',
      ...base,
    };
  }
  if (Number.isFinite(inv.apparentPower) && inv.apparentPower! > 0)
    return { kVA: inv.apparentPower!, source: 'apparentPower', ...base };
  if (Number.isFinite(inv.powerRated) && inv.powerRated! > 0)
    return { kVA: inv.powerRated!, source: 'powerRated', ...base };
  return { kVA: null, source: 'none', ...base };
}
