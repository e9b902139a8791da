/**
 * The decomposition step of the simulation chain (spec 4 §2 step 2): DNI and DHI from the weather
 * file by the prediction's choice (DiffuseDirectDecompModelType: Erbs 0, Reindl 1, DIRINT 2, None 3),
 * with the chain's rules applied on top of the raw models:
 * - night (θz ≥ 90°, or θz NaN) gives DNI = DHI = 0, never NaN;
 * - GHI ≤ 0 or missing gives 0;
 * - closure GHI = DHI + DNI·cos θz is kept with DHI ≥ 0 (if a model's DNI·cos θz exceeds GHI, DNI is
 *   cut to GHI/cos θz and DHI = 0);
 * - 'none' takes the file's DNI and DHI, negative or missing values as 0.
 * Models: {@link erbs} (Erbs et al. 1982, doi:10.1016/0038-092X(82)90302-4), {@link reindl} (Reindl et
 * al. 1990, doi:10.1016/0038-092X(90)90060-P), {@link dirintSeries} (Perez et al. 1992).
 */
import { MAX_ZENITH, MIN_COS_ZENITH } from './clearnessIndex.ts';
import { dirintSeries, type DirintWaterSource } from './dirint.ts';
import { erbsSeries } from './erbs.ts';
import { reindlSeries, type ReindlVariant } from './reindl.ts';

const D2R = Math.PI / 180;

/** The decomposition model of a prediction. */
export type DecompositionChoice =
  | { model: 'erbs' }
  | { model: 'reindl'; variant?: ReindlVariant }
  | { model: 'dirint'; useDeltaKtPrime?: boolean; water?: DirintWaterSource }
  | { model: 'none' };

/** Weather columns the decomposition may use. */
export interface DecomposeInput {
  /** global horizontal irradiance [W/m²] */
  ghi: Float64Array;
  /** true solar zenith [°] */
  zenith: Float64Array;
  /** optional cos of the true zenith [-] (e.g. from `spaSeries`), instead of a cosine per step */
  cosZenith?: Float64Array;
  /** day of year, local standard time (DIRINT/DISC I0) */
  dayOfYear: Float64Array;
  /** extraterrestrial normal irradiance, Spencer 1366.1 W/m² (Erbs, Reindl) [W/m²] */
  dniExtra: Float64Array;
  /** site pressure, constant or per step [Pa] (DIRINT) */
  pressure: number | Float64Array;
  /** the file's DNI [W/m²] ('none') */
  dni?: Float64Array;
  /** the file's DHI [W/m²] ('none') */
  dhi?: Float64Array;
  /** air temperature [°C] (Reindl 'ktElevationTempRh') */
  tempAir?: Float64Array;
  /** relative humidity [%] (Reindl 'ktElevationTempRh') */
  relativeHumidity?: Float64Array;
  /** dew point [°C] (DIRINT water 'dewPoint') */
  tempDew?: Float64Array;
  /** precipitable water [cm] (DIRINT water 'precipitableWater') */
  precipitableWater?: Float64Array;
}

/**
 * DNI and DHI for the chain by the chosen model, night and missing values as 0 (rules in this file's
 * header).
 * @param x weather columns [W/m², °, Pa, °C, %, cm]
 * @param p the model choice
 * @param out DNI, DHI [W/m²] per step
 * @param work optional caller-owned scratch of the series length (DIRINT's kt′), so that the call
 *        allocates nothing
 */
export function decomposeSeries(
  x: DecomposeInput,
  p: DecompositionChoice,
  out: { dni: Float64Array; dhi: Float64Array },
  work?: { ktPrime: Float64Array },
): { dni: Float64Array; dhi: Float64Array } {
  const n = x.ghi.length;
  const { dni, dhi } = out;
  const cosZenith = x.cosZenith;
  const limits = { minCosZenith: MIN_COS_ZENITH, maxZenith: MAX_ZENITH };
  switch (p.model) {
    case 'erbs':
      erbsSeries({ ghi: x.ghi, zenith: x.zenith, dniExtra: x.dniExtra }, limits, out);
      break;
    case 'reindl':
      reindlSeries(
        {
          ghi: x.ghi,
          zenith: x.zenith,
          dniExtra: x.dniExtra,
          tempAir: x.tempAir,
          relativeHumidity: x.relativeHumidity,
        },
        { minCosZenith: MIN_COS_ZENITH, maxZenith: MAX_ZENITH, variant: p.variant ?? 'ktElevation' },
        out,
      );
      break;
    case 'dirint':
      dirintSeries(
        {
          ghi: x.ghi,
          zenith: x.zenith,
          cosZenith: x.cosZenith,
          dayOfYear: x.dayOfYear,
          pressure: x.pressure,
          tempDew: x.tempDew,
          precipitableWater: x.precipitableWater,
        },
        {
          minCosZenith: MIN_COS_ZENITH,
          maxZenith: MAX_ZENITH,
          useDeltaKtPrime: p.useDeltaKtPrime ?? true,
          water: p.water ?? 'none',
        },
        dni,
        work?.ktPrime,
      );
      break; // DHI = GHI − DNI·cos θz below
    case 'none': {
      if (!x.dni || !x.dhi) throw new TypeError("decomposition 'none' needs the file's dni and dhi");
      for (let i = 0; i < n; i++) {
        const z = x.zenith[i]!;
        const b = x.dni[i]!;
        const d = x.dhi[i]!;
        const day = z < 90;
        dni[i] = day && b > 0 ? b : 0;
        dhi[i] = day && d > 0 ? d : 0;
      }
      return out;
    }
  }
  for (let i = 0; i < n; i++) {
    const z = x.zenith[i]!;
    const g = x.ghi[i]!;
    if (!(z < 90) || !(g > 0)) {
      dni[i] = 0;
      dhi[i] = 0;
      continue;
    }
    const c = cosZenith !== undefined ? cosZenith[i]! : Math.cos(z * D2R);
    let b = dni[i]!;
    if (!(b > 0)) b = 0;
    let d = g - b * c;
    if (d < 0) {
      b = g / c;
      d = 0;
    }
    dni[i] = b;
    dhi[i] = d;
  }
  return out;
}
