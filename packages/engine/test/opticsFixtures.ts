/**
 * Fixtures of the optics-chain tests: a tiny TMY3 reader (the Greensboro file of the reference systems),
 * the reference's hourly CSV, and choice/geometry builders.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  AirMassModelType,
  DCFieldBacktrackingType,
  DCFieldTrackingTypeEnum,
  DiffuseDirectDecompModelType,
  DiffuseShadingModel,
  DirectBeamShadingModel,
  IncidenceAngleModelType,
  ModuleOrientation,
  type OpticsChoices,
  type OpticsGeometry,
  type OpticsSite,
  SoilingModelType,
  SpectralShiftModel,
  SpectralWeatherType,
  TranspositionModelType,
} from '../src/chain/choices.ts';
import type { OpticsWeather } from '../src/chain/opticsSeries.ts';
import { epochMsFromCivil } from '../src/time/calendar.ts';
import { SHARED_DIR } from './golden.ts';

/** A TMY3 file as the optics chain reads it, with its site line. */
export interface Tmy3 {
  site: OpticsSite;
  weather: OpticsWeather;
}

/**
 * Minimal TMY3 reader (NREL TMY3 user's manual, NREL/TP-581-43156): line 1 station, name, state,
 * time zone [h], latitude, longitude, elevation [m]; line 2 the header; records stamped at the end of
 * each hour in local standard time ("24:00" = next midnight), year coerced to `year`; pressure mbar → Pa.
 */
export function readTmy3(file: string, year = 1990): Tmy3 {
  const lines = fs.readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const meta = lines[0]!.split(',');
  const utcOffsetHours = Number(meta[3]);
  const header = lines[1]!.split(',');
  const rows = lines.slice(2).map((l) => l.split(','));
  const column = (name: string, scale = 1) => {
    const j = header.indexOf(name);
    if (j < 0) throw new Error(`TMY3: no column ${name}`);
    return Float64Array.from(rows, (r) => Number(r[j]) * scale);
  };
  const time = Float64Array.from(rows, (r) => {
    const [month, day] = r[0]!.split('/').map(Number);
    const [hour, minute] = r[1]!.split(':').map(Number);
    return epochMsFromCivil({ year, month: month!, day: day!, hour: hour!, minute: minute!, utcOffsetHours });
  });
  return {
    site: { latitude: Number(meta[4]), longitude: Number(meta[5]), altitude: Number(meta[6]) },
    weather: {
      time,
      convention: { definition: 'intervalEnd', intervalMinutes: 60 },
      utcOffsetHours,
      ghi: column('GHI (W/m^2)'),
      dni: column('DNI (W/m^2)'),
      dhi: column('DHI (W/m^2)'),
      tempAir: column('Dry-bulb (C)'),
      tempDew: column('Dew-point (C)'),
      relativeHumidity: column('RHum (%)'),
      pressure: column('Pressure (mbar)', 100),
      windSpeed: column('Wspd (m/s)'),
      precipitableWater: column('Pwat (cm)'),
      albedo: column('Alb (unitless)'),
    },
  };
}

let greensboro: Tmy3 | undefined;
/** The Greensboro NC TMY3 year of the reference systems (723170TYA.CSV), read once. */
export function greensboroTmy3(): Tmy3 {
  greensboro ??= readTmy3(path.join(SHARED_DIR, 'data', '723170TYA.CSV'));
  return greensboro;
}

/** A reference system's hourly CSV as columns (empty cells NaN). */
export function readReferenceHourly(name: string): Record<string, Float64Array> {
  const text = fs.readFileSync(path.join(SHARED_DIR, 'reference', 'systems', `${name}.hourly.csv`), 'utf8');
  const lines = text.trim().split(/\r?\n/);
  const header = lines[0]!.split(',');
  const rows = lines.slice(1).map((l) => l.split(','));
  const out: Record<string, Float64Array> = {};
  header.forEach((h, j) => {
    if (j < 2) return; // timestamps
    out[h] = Float64Array.from(rows, (r) => (r[j] === '' ? NaN : Number(r[j])));
  });
  return out;
}

/** The reference's own conventions (pvlib ModelChain, summary.json): file DNI/DHI, Perez 1990, Kasten–Young, ASHRAE 0.05, 2 % soiling. */
export function referenceChoices(): OpticsChoices {
  return {
    useMeteoPOAI: false,
    decomposition: { model: DiffuseDirectDecompModelType.None },
    airMass: AirMassModelType.KastenSandia,
    transposition: { model: TranspositionModelType.Perez, coefficients: 'allsitescomposite1990' },
    circumsolar: 'diffuse',
    monthlyAlbedo: new Array<number>(12).fill(0.2),
    useWeatherFileAlbedoData: false,
    beamShading: { model: DirectBeamShadingModel.None },
    diffuseShading: DiffuseShadingModel.None,
    shadeGroundReflected: false,
    soiling: { model: SoilingModelType.ConstantMonthly, monthlyLoss: new Array<number>(12).fill(2) },
    iam: { model: IncidenceAngleModelType.Ashrae, b0: 0.05 },
    diffuseIam: { method: 'fixed', sky: 1, ground: 1 },
    spectral: { model: SpectralShiftModel.None },
    precipitableWater: SpectralWeatherType.None,
  };
}

/** Every model of the chain switched on: the heaviest configuration (also the benchmark's). */
export function fullChoices(): OpticsChoices {
  return {
    ...referenceChoices(),
    decomposition: { model: DiffuseDirectDecompModelType.Dirint, water: 'dewPoint' },
    circumsolar: 'beam',
    monthlyAlbedo: [0.3, 0.3, 0.25, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.25, 0.3],
    beamShading: {
      model: DirectBeamShadingModel.FractionalElectrical,
      fractionalEffect: 50,
      modulesHigh: 2,
      orientation: ModuleOrientation.Portrait,
    },
    diffuseShading: DiffuseShadingModel.SchaarPanchula,
    shadeGroundReflected: true,
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
}

/** The reference's fixed rows: 25° facing south. */
export const FIXED: OpticsGeometry = {
  mounting: { type: DCFieldTrackingTypeEnum.FixedTilt, surfaceTilt: 25, surfaceAzimuth: 180 },
  gcr: 0.35,
};

/** The reference's tracker: N–S axis, ±60°, backtracking, GCR 0.35. */
export const TRACKER: OpticsGeometry = {
  mounting: {
    type: DCFieldTrackingTypeEnum.HorizontalTracker,
    control: DCFieldBacktrackingType.Backtracking,
    axisAzimuth: 180,
    axisTilt: 0,
    minAngle: -60,
    maxAngle: 60,
    nightStowAngle: 0,
  },
  gcr: 0.35,
};

/** A bifacial tracker on a 4° east-facing slope with wind stow and a horizon: everything the geometry offers. */
export const TRACKER_FULL: OpticsGeometry = {
  mounting: {
    type: DCFieldTrackingTypeEnum.HorizontalTracker,
    control: DCFieldBacktrackingType.Backtracking,
    axisAzimuth: 180,
    axisTilt: 0,
    minAngle: -60,
    maxAngle: 60,
    nightStowAngle: 0,
    windStow: { threshold: 12, angle: 30, dwellMinutes: 120 },
  },
  gcr: 0.35,
  collectorWidth: 2.2,
  groundSlope: { slopeTilt: 4, slopeAzimuth: 90 },
  bifacial: {
    postHeight: 1.6,
    bifacialityFactor: 0.7,
    transmissionFactor: 0.05,
    structureShading: 5,
    backsideMismatch: 3,
  },
};

/** A horizon profile for the tests [°]. */
export const HORIZON = [
  { azimuth: 0, elevation: 2 },
  { azimuth: 90, elevation: 6 },
  { azimuth: 150, elevation: 3 },
  { azimuth: 210, elevation: 4 },
  { azimuth: 270, elevation: 8 },
];
