/**
 * The per-step export of a simulation (the "8760" view of the result): one column per quantity of the
 * first simulated year, in the user's units (W/m², °C, °, W).
 */
import type { SimulationResult } from './simulate.ts';

/** Columns of the per-step export, in order (after the timestamp). */
export const HOURLY_COLUMNS = [
  'ghi',
  'dni',
  'dhi',
  'solarZenith',
  'solarAzimuth',
  'surfaceTilt',
  'surfaceAzimuth',
  'aoi',
  'poaGlobal',
  'poaBeam',
  'poaSkyDiffuse',
  'poaGroundDiffuse',
  'poaRear',
  'effectiveIrradiance',
  'tempCell',
  'tempAir',
  'windSpeed',
  'dcPower',
  'inverterAcPower',
  'plantAcPower',
] as const;

/** A column of the per-step export. */
export type HourlyColumn = (typeof HOURLY_COLUMNS)[number];

/**
 * The per-step export's columns (views of the result, no copy):
 * - irradiance (GHI, DNI, DHI used; POA components transposed, before shading; incident rear; the
 *   effective front + rear irradiance) and the cell temperature: the plant's DC-rating-weighted mean over
 *   its DC fields [W/m², °C] (the DC field's own values when there is one);
 * - sun and plane angles (true solar zenith, azimuth, surface tilt and azimuth, angle of incidence):
 *   those of the DC field with the largest share of the DC rating [°];
 * - air temperature and wind speed of the weather [°C, m/s];
 * - `dcPower`: DC power at the inverter inputs, plant total; `inverterAcPower`: Σ inverter AC outputs
 *   (−night tare while off); `plantAcPower`: at the point of interconnection [W].
 * @param r a simulation result
 * @returns one Float64Array per column of {@link HOURLY_COLUMNS}, of `r.length` values
 */
export function hourlyColumns(r: SimulationResult): Record<HourlyColumn, Float64Array> {
  let main = r.dcFields[0]!;
  for (const d of r.dcFields)
    if (d.instances * d.settings.dcCapacity > main.instances * main.settings.dcCapacity) main = d;
  const o = main.optics;
  const s = r.stages;
  return {
    ghi: s.ghi,
    dni: s.dni,
    dhi: s.dhi,
    solarZenith: o.solarZenith,
    solarAzimuth: o.solarAzimuth,
    surfaceTilt: o.surfaceTilt,
    surfaceAzimuth: o.surfaceAzimuth,
    aoi: o.aoi,
    poaGlobal: s.poa,
    poaBeam: s.poaBeam,
    poaSkyDiffuse: s.poaSkyDiffuse,
    poaGroundDiffuse: s.poaGroundDiffuse,
    poaRear: s.poaRear,
    effectiveIrradiance: s.effectiveIrradiance,
    tempCell: s.tempCell,
    tempAir: r.weather.tempAir,
    windSpeed: r.weather.windSpeed,
    dcPower: r.plant.dcAfterLetid,
    inverterAcPower: r.plant.acAfterLimitation,
    plantAcPower: r.plant.power,
  };
}
