/**
 * Optics-chain benchmark (issue 3): the whole chain (`runOptics`) and its heaviest pieces (solar
 * position, DIRINT, backtracking tracker, Perez, 2D shading, IAM, spectral, rear irradiance) over one
 * hourly year (8,760 steps) and one 1-minute year (525,600 steps) on synthetic weather.
 *
 * One case per process (`--case NAME --steps N`), so that its first call is cold: JIT not yet
 * optimised, lazy tables (Schaar–Panchula, horizon, diffuse IAM, rear view factors) not yet built.
 * Figures are CPU time of this process (`process.cpuUsage`, less sensitive to other processes on a
 * shared machine than wall time): cold = the first call; warm = median over samples, each repeating the
 * call until it has used ≥ 20 ms of CPU. `bench/src/index.ts` runs every case and prints the table.
 *
 *   node --import tsx bench/src/optics-chain.ts                     # every case, this process
 *   node --import tsx bench/src/optics-chain.ts --case chain --steps 8760 --json
 */
import { pathToFileURL } from 'node:url';
import {
  AirMassModelType,
  allocateOptics,
  DCFieldBacktrackingType,
  DCFieldTrackingTypeEnum,
  DiffuseDirectDecompModelType,
  DiffuseShadingModel,
  DirectBeamShadingModel,
  dirintSeries,
  electricalShadingFactorSeries,
  firstSolarSeries,
  groundShadingSeries,
  gueymard94PwSeries,
  IncidenceAngleModelType,
  iamSeries,
  type IamModel,
  marionDiffuseIamSeries,
  marionRearIrradianceSeries,
  ModuleOrientation,
  type OpticsChoices,
  type OpticsGeometry,
  type OpticsWeather,
  perezSeries,
  PHYSICAL_IAM_DEFAULTS,
  prepareOptics,
  rowShadedFractionSeries,
  runOptics,
  schaarPanchulaSeries,
  schaarPanchulaTable,
  SoilingModelType,
  spaSeries,
  SpectralShiftModel,
  SpectralWeatherType,
  trackerSeries,
  TranspositionModelType,
  yearTimestamps,
} from '@sunfield/engine';

const DEG = Math.PI / 180;
/** Greensboro NC, the reference systems' site. */
const SITE = { latitude: 36.1, longitude: -79.95, altitude: 273 };
const UTC_OFFSET = -5;

/**
 * A synthetic year of weather at the site: sun from declination and hour angle (not the engine's SPA,
 * so that the pieces stay cold), GHI of a clear sky (Haurwitz form) under slowly varying clouds,
 * temperature, humidity, dew point, pressure and wind. Also the per-piece inputs (sun position, tracker
 * orientation, DNI/DHI, air mass) from the same simple formulas.
 */
export function syntheticYear(intervalMinutes: number) {
  const time = yearTimestamps({
    year: 2021,
    utcOffsetHours: UTC_OFFSET,
    intervalMinutes,
    definition: 'intervalEnd',
  });
  const n = time.length;
  const f = () => new Float64Array(n);
  const s = {
    time,
    sunTime: f(),
    zenith: f(),
    azimuth: f(),
    ghi: f(),
    dni: f(),
    dhi: f(),
    dniExtra: f(),
    airmass: f(),
    dayOfYear: f(),
    tempAir: f(),
    tempDew: f(),
    relativeHumidity: f(),
    pressure: f(),
    windSpeed: f(),
    theta: f(),
    tilt: f(),
    surfaceAzimuth: f(),
    cosAoi: f(),
    aoi: f(),
    projectedZenith: f(),
  };
  const lat = SITE.latitude * DEG;
  for (let i = 0; i < n; i++) {
    const t = time[i]! - (intervalMinutes * 60_000) / 2;
    s.sunTime[i] = t;
    const days = (t + UTC_OFFSET * 3_600_000) / 86_400_000 - 18_628; // days since 2021-01-01 local
    const doy = Math.floor(days) + 1;
    const hour = (days - Math.floor(days)) * 24;
    const decl = 23.45 * DEG * Math.sin((2 * Math.PI * (284 + doy)) / 365);
    const ha = (hour - 12 + (SITE.longitude - 15 * UTC_OFFSET) / 15) * 15 * DEG;
    const cz = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(ha);
    const z = Math.acos(Math.max(-1, Math.min(1, cz)));
    const az =
      Math.atan2(Math.sin(ha), Math.cos(ha) * Math.sin(lat) - Math.tan(decl) * Math.cos(lat)) / DEG + 180;
    s.zenith[i] = z / DEG;
    s.azimuth[i] = az;
    s.dayOfYear[i] = doy;
    const up = cz > 0;
    const cloud = 0.55 + 0.45 * Math.abs(Math.sin(days * 0.9) * Math.sin(days * 0.13 + 1));
    const ghi = up ? 1098 * cz * Math.exp(-0.057 / cz) * cloud : 0;
    const am = up ? 1 / (cz + 0.50572 * (96.07995 - z / DEG) ** -1.6364) : 0;
    s.ghi[i] = ghi;
    s.dhi[i] = up ? ghi * (1 - 0.8 * cloud + 0.2) * 0.5 : 0;
    s.dni[i] = up && cz > 0.02 ? (ghi - s.dhi[i]!) / cz : 0;
    s.dniExtra[i] = 1366.1 * (1 + 0.033 * Math.cos((2 * Math.PI * doy) / 365));
    s.airmass[i] = am;
    const season = Math.sin((2 * Math.PI * (doy - 105)) / 365);
    s.tempAir[i] = 14 + 10 * season + 5 * Math.sin(ha - 0.8);
    s.tempDew[i] = s.tempAir[i]! - 6 - 3 * Math.sin(ha);
    s.relativeHumidity[i] = 65 - 20 * Math.sin(ha - 0.8);
    s.pressure[i] = 98_800 + 600 * Math.sin(days * 0.21);
    s.windSpeed[i] = 3 + 4 * Math.abs(Math.sin(days * 1.7)) * (1 + Math.sin(days * 0.05));
    // true-tracking N–S tracker, ±60°: the sun across the axis
    const sx = Math.sin(z) * Math.sin(az * DEG);
    const th = up ? Math.max(-60, Math.min(60, Math.atan2(sx, cz) / DEG)) : 0;
    s.theta[i] = th;
    s.projectedZenith[i] = Math.atan2(sx, cz) / DEG;
    s.tilt[i] = Math.abs(th);
    s.surfaceAzimuth[i] = th >= 0 ? 270 : 90;
    const c = Math.cos(th * DEG) * cz + Math.sin(th * DEG) * sx;
    s.cosAoi[i] = c;
    s.aoi[i] = Math.acos(Math.max(-1, Math.min(1, c))) / DEG;
  }
  const weather: OpticsWeather = {
    time,
    convention: { definition: 'intervalEnd', intervalMinutes },
    utcOffsetHours: UTC_OFFSET,
    ghi: s.ghi,
    tempAir: s.tempAir,
    tempDew: s.tempDew,
    relativeHumidity: s.relativeHumidity,
    pressure: s.pressure,
    windSpeed: s.windSpeed,
  };
  return { n, s, weather };
}

/** The heaviest chain: every model of issue 3 on a bifacial tracker (as the invariant tests' full case). */
export const FULL_CHOICES: OpticsChoices = {
  useMeteoPOAI: false,
  decomposition: { model: DiffuseDirectDecompModelType.Dirint, water: 'dewPoint' },
  airMass: AirMassModelType.KastenSandia,
  transposition: { model: TranspositionModelType.Perez, coefficients: 'allsitescomposite1990' },
  circumsolar: 'beam',
  monthlyAlbedo: [0.3, 0.3, 0.25, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.25, 0.3],
  useWeatherFileAlbedoData: false,
  beamShading: {
    model: DirectBeamShadingModel.FractionalElectrical,
    fractionalEffect: 50,
    modulesHigh: 2,
    orientation: ModuleOrientation.Portrait,
  },
  diffuseShading: DiffuseShadingModel.SchaarPanchula,
  shadeGroundReflected: true,
  soiling: {
    model: SoilingModelType.ConstantMonthly,
    monthlyLoss: [2, 2, 2, 1.5, 1.5, 1, 1, 1, 1.5, 2, 2, 2],
  },
  iam: {
    model: IncidenceAngleModelType.Physical,
    refractiveIndex: 1.526,
    extinctionCoefficient: 4,
    glazingThickness: 0.002,
    arcRefractiveIndex: 1.29,
  },
  diffuseIam: { method: 'marion' },
  spectral: {
    model: SpectralShiftModel.TwoParameter,
    coefficients: [0.85914, -0.02088, -0.0058853, 0.12029, 0.026814, -0.001781],
  },
  precipitableWater: SpectralWeatherType.RelativeHumidity,
};

export const FULL_GEOMETRY: OpticsGeometry = {
  mounting: {
    type: DCFieldTrackingTypeEnum.HorizontalTracker,
    control: DCFieldBacktrackingType.Backtracking,
    axisAzimuth: 180,
    axisTilt: 0,
    minAngle: -60,
    maxAngle: 60,
    nightStowAngle: 0,
    windStow: { threshold: 12, angle: 30, dwellMinutes: 60 },
  },
  gcr: 0.35,
  collectorWidth: 2.2,
  groundSlope: { slopeTilt: 3, slopeAzimuth: 90 },
  bifacial: { postHeight: 1.6, bifacialityFactor: 0.7, transmissionFactor: 0.05, structureShading: 5 },
};

const HORIZON = [
  { azimuth: 0, elevation: 2 },
  { azimuth: 90, elevation: 6 },
  { azimuth: 150, elevation: 3 },
  { azimuth: 210, elevation: 4 },
  { azimuth: 270, elevation: 8 },
];

/** The reference systems' light chain: fixed rows, the file's DNI/DHI, Perez, ASHRAE, monofacial. */
const LIGHT_CHOICES: OpticsChoices = {
  ...FULL_CHOICES,
  decomposition: { model: DiffuseDirectDecompModelType.None },
  circumsolar: 'diffuse',
  beamShading: { model: DirectBeamShadingModel.None },
  diffuseShading: DiffuseShadingModel.None,
  shadeGroundReflected: false,
  iam: { model: IncidenceAngleModelType.Ashrae, b0: 0.05 },
  diffuseIam: { method: 'fixed', sky: 1, ground: 1 },
  spectral: { model: SpectralShiftModel.None },
  precipitableWater: SpectralWeatherType.None,
};

/** A benchmark case: builds its inputs (untimed) and returns the call to time. */
type Case = { label: string; build: (intervalMinutes: number) => () => void };

export const CASES: Record<string, Case> = {
  sun: {
    label: 'solar position (spaSeries, mid-interval)',
    build: (iv) => {
      const { n, s } = syntheticYear(iv);
      const o = {
        zenith: new Float64Array(n),
        apparentZenith: new Float64Array(n),
        azimuth: new Float64Array(n),
      };
      const site = { ...SITE, pressure: s.pressure, temperature: s.tempAir, deltaT: 67 };
      return () => spaSeries(s.sunTime, site, o);
    },
  },
  dirint: {
    label: 'DIRINT (Δkt′, dew point)',
    build: (iv) => {
      const { n, s } = syntheticYear(iv);
      const dni = new Float64Array(n);
      const ktPrime = new Float64Array(n);
      const x = {
        ghi: s.ghi,
        zenith: s.zenith,
        dayOfYear: s.dayOfYear,
        pressure: s.pressure,
        tempDew: s.tempDew,
      };
      return () => dirintSeries(x, { useDeltaKtPrime: true, water: 'dewPoint' }, dni, ktPrime);
    },
  },
  tracker: {
    label: 'tracker (slope-aware backtracking, wind and night stow)',
    build: (iv) => {
      const { n, s } = syntheticYear(iv);
      const c = () => new Float64Array(n);
      const o = {
        trackerTheta: c(),
        surfaceTilt: c(),
        surfaceAzimuth: c(),
        aoi: c(),
        cosAoi: c(),
        projectedZenith: c(),
      };
      const x = { solarZenith: s.zenith, solarAzimuth: s.azimuth, windSpeed: s.windSpeed };
      const p = {
        axisTilt: 0,
        axisAzimuth: 180,
        minAngle: -60,
        maxAngle: 60,
        gcr: 0.35,
        crossAxisTilt: -3,
        control: 'backtracking' as const,
        nightStowAngle: 0,
        windStow: { threshold: 12, angle: 30, dwellSteps: 1 },
      };
      return () => trackerSeries(x, p, o);
    },
  },
  perez: {
    label: 'Perez (components)',
    build: (iv) => {
      const { n, s } = syntheticYear(iv);
      const c = () => new Float64Array(n);
      const o = { poaIsotropic: c(), poaCircumsolar: c(), poaHorizon: c() };
      const x = {
        surfaceTilt: s.tilt,
        cosAoi: s.cosAoi,
        solarZenith: s.zenith,
        dhi: s.dhi,
        dni: s.dni,
        dniExtra: s.dniExtra,
        airmassRelative: s.airmass,
      };
      return () => perezSeries(x, { coefficients: 'allsitescomposite1990' }, o);
    },
  },
  shading: {
    label: '2D shading (beam, electrical, Schaar–Panchula, ground)',
    build: (iv) => {
      const { n, s } = syntheticYear(iv);
      const f = new Float64Array(n);
      const elec = new Float64Array(n);
      const sky = new Float64Array(n);
      const ground = { beam: new Float64Array(n), diffuse: new Float64Array(n) };
      const rows = { gcr: 0.35, crossAxisTilt: -3 };
      const x = { trackerTheta: s.theta, projectedZenith: s.projectedZenith };
      const response = {
        response: 'fractional',
        fractionalEffect: 50,
        modulesHigh: 2,
        orientation: 'portrait',
      } as const;
      const table = schaarPanchulaTable({ ...rows, viewHeight: 0.5, iamB0: 0.05 }); // filled lazily: cold
      return () => {
        rowShadedFractionSeries(x, rows, f);
        electricalShadingFactorSeries({ shadedFraction: f }, response, elec);
        schaarPanchulaSeries(x, table, sky);
        groundShadingSeries(x, { ...rows, viewHeight: 0.5 }, ground);
      };
    },
  },
  iam: {
    label: 'IAM (physical beam + Marion sky/ground)',
    build: (iv) => {
      const { n, s } = syntheticYear(iv);
      const beam = new Float64Array(n);
      const d = { sky: new Float64Array(n), ground: new Float64Array(n) };
      const model: IamModel = { model: 'physical', ...PHYSICAL_IAM_DEFAULTS };
      return () => {
        iamSeries(model, { aoi: s.aoi }, beam);
        marionDiffuseIamSeries({ surfaceTilt: s.tilt }, { iam: model }, d);
      };
    },
  },
  spectral: {
    label: 'spectral (Gueymard water + First Solar 2-param)',
    build: (iv) => {
      const { n, s } = syntheticYear(iv);
      const pw = new Float64Array(n);
      const m = new Float64Array(n);
      const coefficients = [0.85914, -0.02088, -0.0058853, 0.12029, 0.026814, -0.001781] as const;
      return () => {
        gueymard94PwSeries({ tempAir: s.tempAir, relativeHumidity: s.relativeHumidity }, pw);
        firstSolarSeries({ precipitableWater: pw, airmassAbsolute: s.airmass }, { coefficients }, m);
      };
    },
  },
  rear: {
    label: 'rear irradiance (Marion 2017, tracker)',
    build: (iv) => {
      const { n, s } = syntheticYear(iv);
      const o = {
        poaRear: new Float64Array(n),
        poaRearIam: new Float64Array(n),
        rearEffective: new Float64Array(n),
      };
      const x = {
        solarZenith: s.zenith,
        solarAzimuth: s.azimuth,
        surfaceTilt: s.tilt,
        surfaceAzimuth: s.surfaceAzimuth,
        dni: s.dni,
        dhi: s.dhi,
        albedo: 0.25,
      };
      const p = { postHeight: 1.6, pitch: 2.2 / 0.35, collectorWidth: 2.2, bifacialityFactor: 0.7 };
      return () => marionRearIrradianceSeries(x, p, o);
    },
  },
  prepare: {
    label: 'prepareOptics (per DC field)',
    build: () => () => prepareOptics(FULL_CHOICES, { ...SITE, horizon: HORIZON }, FULL_GEOMETRY),
  },
  chain: {
    label: 'WHOLE CHAIN: runOptics, every model (bifacial tracker)',
    build: (iv) => {
      const { n, weather } = syntheticYear(iv);
      const prepared = prepareOptics(FULL_CHOICES, { ...SITE, horizon: HORIZON }, FULL_GEOMETRY);
      const out = allocateOptics(n);
      return () => runOptics(prepared, weather, out);
    },
  },
  chainLight: {
    label: 'whole chain, reference set-up (fixed, file DNI/DHI, Perez)',
    build: (iv) => {
      const { n, s, weather } = syntheticYear(iv);
      const geometry: OpticsGeometry = {
        mounting: { type: DCFieldTrackingTypeEnum.FixedTilt, surfaceTilt: 25, surfaceAzimuth: 180 },
        gcr: 0.35,
      };
      const prepared = prepareOptics(LIGHT_CHOICES, SITE, geometry);
      const out = allocateOptics(n);
      const w = { ...weather, dni: s.dni, dhi: s.dhi };
      return () => runOptics(prepared, w, out);
    },
  },
};

/** CPU time [ms] of this process since `from`. */
function cpuMs(from: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(from);
  return (c.user + c.system) / 1000;
}

/** Result of one case at one series length. */
export interface CaseResult {
  steps: number;
  /** CPU ms of the first call in this process */
  coldMs: number;
  /** median CPU ms per call after warm-up */
  warmMs: number;
  /** median wall ms per call after warm-up */
  warmWallMs: number;
  samples: number;
}

/** Times one case: the first call (cold), then the median of `samples` samples of ≥ 20 ms of CPU each. */
export function runCase(name: string, intervalMinutes: number, samples = 7): CaseResult {
  const c = CASES[name];
  if (c === undefined) throw new Error(`unknown case ${name}; one of ${Object.keys(CASES).join(', ')}`);
  const fn = c.build(intervalMinutes);
  const steps = 525_600 / intervalMinutes;
  const c0 = process.cpuUsage();
  fn();
  const coldMs = cpuMs(c0);
  for (let k = 0; k < 3; k++) fn();
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let r = 0; r < samples; r++) {
    let runs = 0;
    const s0 = process.cpuUsage();
    const w0 = performance.now();
    let used: number;
    do {
      fn();
      runs++;
      used = cpuMs(s0);
    } while (used < 20);
    cpu.push(used / runs);
    wall.push((performance.now() - w0) / runs);
  }
  const median = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
  return { steps, coldMs, warmMs: median(cpu), warmWallMs: median(wall), samples };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = arg('case');
  const stepsArg = arg('steps');
  const intervals = stepsArg !== undefined ? [525_600 / Number(stepsArg)] : [60, 1];
  const names = only !== undefined ? [only] : Object.keys(CASES);
  const results: Record<string, CaseResult[]> = {};
  for (const name of names) results[name] = intervals.map((iv) => runCase(name, iv, iv === 1 ? 5 : 9));
  if (process.argv.includes('--json')) console.log(JSON.stringify(results));
  else
    for (const [name, rs] of Object.entries(results))
      for (const r of rs)
        console.log(
          `${CASES[name]!.label.padEnd(60)} ${String(r.steps).padStart(7)} steps  warm ${r.warmMs.toFixed(2).padStart(8)} ms` +
            ` (${((r.warmMs * 1e6) / r.steps).toFixed(1).padStart(6)} ns/step)  cold ${r.coldMs.toFixed(1).padStart(7)} ms`,
        );
}
