/**
 * Model choices of the optics chain (`prepareOptics`), as typed enums with the product's numbering
 * (spec 3 "Enum catalog", spec 4 §2) and discriminated unions on them: the chain never infers a model
 * from which keys or weather columns are present.
 *
 * Each enum is a frozen object of its values plus a type of the same name (the union of the values),
 * so `TranspositionModelType.Perez` is the literal 1 and a choice reads
 * `{ model: TranspositionModelType.Perez, coefficients: 'allsitescomposite1990' }`.
 * Values the engine adds to a product enum (for checks, not offered by the product) are ≥ 100, so they
 * can never collide with a future product value.
 */
import type { DirintWaterSource } from '../irradiance/decomposition/dirint.ts';
import type { ReindlVariant } from '../irradiance/decomposition/reindl.ts';
import type { CircumsolarTreatment } from '../irradiance/transposition/planeOfArray.ts';
import type { PerezModel } from '../irradiance/transposition/perezCoefficients.ts';
import type { PhysicalIamParams } from '../optics/iam/physical.ts';
import type { SandiaIamParams } from '../optics/iam/sandia.ts';
import type { TabularIamParams } from '../optics/iam/tabular.ts';
import type { HorizonPoint } from '../shading/horizon.ts';
import type { FirstSolarCoefficients } from '../spectral/firstSolar.ts';
import type { FirstSolarPwatParams } from '../spectral/firstSolarPwat.ts';
import type { SandiaSpectralParams } from '../spectral/sandiaSpectral.ts';

type ValueOf<T> = T[keyof T];

/**
 * Sky-diffuse transposition (spec 3): Hay 0 (Hay–Davies), Perez 1; engine extensions, numbered past the
 * product's values so its scripts keep their meaning: Isotropic 100 (Liu–Jordan), Reindl 101 (Reindl
 * et al. 1990), Klucher 102 (Klucher 1979).
 */
export const TranspositionModelType = {
  Hay: 0,
  Perez: 1,
  Isotropic: 100,
  Reindl: 101,
  Klucher: 102,
} as const;
export type TranspositionModelType = ValueOf<typeof TranspositionModelType>;

/** Decomposition of GHI into DNI and DHI (spec 3): Erbs 0, Reindl 1, DIRINT 2, None 3. */
export const DiffuseDirectDecompModelType = { Erbs: 0, Reindl: 1, Dirint: 2, None: 3 } as const;
export type DiffuseDirectDecompModelType = ValueOf<typeof DiffuseDirectDecompModelType>;

/**
 * Relative air-mass formula (spec 3): Bird–Hulstrom 0 (Kasten 1966 coefficients), Kasten–Sandia 1
 * (Kasten–Young 1989); see `atmosphere/airmass.ts`.
 */
export const AirMassModelType = { BirdHulstrom: 0, KastenSandia: 1 } as const;
export type AirMassModelType = ValueOf<typeof AirMassModelType>;

/** Beam incidence-angle modifier (spec 3 and the OpenAPI schema): Sandia 2, ASHRAE 3, None 4, Tabular 5, Physical 6. */
export const IncidenceAngleModelType = { Sandia: 2, Ashrae: 3, None: 4, Tabular: 5, Physical: 6 } as const;
export type IncidenceAngleModelType = ValueOf<typeof IncidenceAngleModelType>;

/** Spectral correction (spec 3): None 0, 1-parameter PWat or Sandia 1, 2-parameter PWat and AM 2, monthly 3. */
export const SpectralShiftModel = { None: 0, OneParameter: 1, TwoParameter: 2, MonthlyOverride: 3 } as const;
export type SpectralShiftModel = ValueOf<typeof SpectralShiftModel>;

/** A module's spectral response (spec 3), which selects the form of SpectralShiftModel 1. */
export const SpectralResponseEnum = {
  NoSpectralShift: 0,
  FirstSolarSeries4AndEarlier: 1,
  FirstSolarSeries42AndLater: 2,
  Sandia: 3,
} as const;
export type SpectralResponseEnum = ValueOf<typeof SpectralResponseEnum>;

/**
 * Source of the precipitable water of the spectral models (spec 3 `SpectralWeatherType`): none 0, the
 * weather file's column 1, from relative humidity and temperature 2 (Gueymard 1994), from dew point and
 * temperature 3.
 */
export const SpectralWeatherType = {
  None: 0,
  PrecipitableWater: 1,
  RelativeHumidity: 2,
  DewPoint: 3,
} as const;
export type SpectralWeatherType = ValueOf<typeof SpectralWeatherType>;

/** Soiling (spec 3): constant monthly 0, weather file column 1, none 2. */
export const SoilingModelType = { ConstantMonthly: 0, WeatherFile: 1, None: 2 } as const;
export type SoilingModelType = ValueOf<typeof SoilingModelType>;

/**
 * Beam shading and its electrical effect (spec 3 and the OpenAPI schema): linear 0, none 1,
 * fractional electrical 3, module-file defined 5, step fractional 6 (2, the retired "2 Dimension", is
 * not offered).
 */
export const DirectBeamShadingModel = {
  Linear: 0,
  None: 1,
  FractionalElectrical: 3,
  ModuleFileDefined: 5,
  StepFractional: 6,
} as const;
export type DirectBeamShadingModel = ValueOf<typeof DirectBeamShadingModel>;

/**
 * A module's own shading response, used with DirectBeamShadingModel 5 (module-file defined). Spec 1 §3
 * numbers it like the beam shading models, and the module library stores it so: linear 0, none 1,
 * fractional effect 3, module-file defined 5 (the module's own shading table), step fractional 6. (The
 * catalog's `0 None, 1 Linear, 2 Fractional Electrical Shading` conflicts with spec 1, which wins.)
 */
export const ModuleShadingResponse = {
  Linear: 0,
  None: 1,
  FractionalEffect: 3,
  ModuleFileDefined: 5,
  StepFractional: 6,
} as const;
export type ModuleShadingResponse = ValueOf<typeof ModuleShadingResponse>;

/** Module orientation on the table (spec 3). */
export const ModuleOrientation = { Landscape: 0, Portrait: 1 } as const;
export type ModuleOrientation = ValueOf<typeof ModuleOrientation>;

/** Sky-diffuse shading by the rows (spec 3): none 0, Schaar–Panchula 1. */
export const DiffuseShadingModel = { None: 0, SchaarPanchula: 1 } as const;
export type DiffuseShadingModel = ValueOf<typeof DiffuseShadingModel>;

/** Mounting of a DC field (spec 3): fixed tilt 0, horizontal (single-axis) tracker 1, seasonal tilt 2. */
export const DCFieldTrackingTypeEnum = { FixedTilt: 0, HorizontalTracker: 1, SeasonalTilt: 2 } as const;
export type DCFieldTrackingTypeEnum = ValueOf<typeof DCFieldTrackingTypeEnum>;

/** Tracker control (spec 3): true tracking 0, backtracking 1, angles from a time series 2. */
export const DCFieldBacktrackingType = { TrueTracking: 0, Backtracking: 1, TimeSeries: 2 } as const;
export type DCFieldBacktrackingType = ValueOf<typeof DCFieldBacktrackingType>;

/** Transposition model and, for Perez, its coefficient set (`perezCoefficients`). */
export type TranspositionChoice =
  | { model: typeof TranspositionModelType.Hay }
  | { model: typeof TranspositionModelType.Perez; coefficients: PerezModel }
  | { model: typeof TranspositionModelType.Isotropic }
  | { model: typeof TranspositionModelType.Reindl }
  | { model: typeof TranspositionModelType.Klucher };

/** Decomposition model with its options (used unless `useMeteoPOAI`). */
export type DecompositionModelChoice =
  | { model: typeof DiffuseDirectDecompModelType.Erbs }
  | { model: typeof DiffuseDirectDecompModelType.Reindl; variant?: ReindlVariant }
  | {
      model: typeof DiffuseDirectDecompModelType.Dirint;
      /** stability index from the neighbouring steps, default true */
      useDeltaKtPrime?: boolean;
      /** DIRINT's precipitable-water bin source, default 'none' */
      water?: DirintWaterSource;
    }
  | { model: typeof DiffuseDirectDecompModelType.None };

/** Beam incidence-angle modifier of the module, with its parameters. */
export type IamChoice =
  | ({ model: typeof IncidenceAngleModelType.Sandia } & SandiaIamParams)
  | { model: typeof IncidenceAngleModelType.Ashrae; b0: number }
  | { model: typeof IncidenceAngleModelType.None }
  | ({ model: typeof IncidenceAngleModelType.Tabular } & TabularIamParams)
  | ({ model: typeof IncidenceAngleModelType.Physical } & PhysicalIamParams);

/**
 * Diffuse incidence-angle modifiers: 'marion' integrates the beam modifier over the sky and the ground
 * seen by the plane (Marion 2017, per tilt); 'fixed' takes given factors (`uiamd`, `uiamg`; 1 and 1
 * reproduce references that apply no diffuse modifier).
 */
export type DiffuseIamChoice = { method: 'marion' } | { method: 'fixed'; sky: number; ground: number };

/** Spectral correction with its coefficients. */
export type SpectralChoice =
  | { model: typeof SpectralShiftModel.None }
  | {
      model: typeof SpectralShiftModel.OneParameter;
      response: typeof SpectralResponseEnum.Sandia;
      coefficients: SandiaSpectralParams;
    }
  | {
      model: typeof SpectralShiftModel.OneParameter;
      response:
        | typeof SpectralResponseEnum.FirstSolarSeries4AndEarlier
        | typeof SpectralResponseEnum.FirstSolarSeries42AndLater;
      coefficients: FirstSolarPwatParams;
    }
  | { model: typeof SpectralShiftModel.TwoParameter; coefficients: FirstSolarCoefficients }
  | { model: typeof SpectralShiftModel.MonthlyOverride; /** 12 losses [%] */ monthlyLoss: readonly number[] };

/** Soiling with its data. */
export type SoilingChoice =
  | { model: typeof SoilingModelType.ConstantMonthly; /** 12 losses S [%] */ monthlyLoss: readonly number[] }
  | { model: typeof SoilingModelType.WeatherFile }
  | { model: typeof SoilingModelType.None };

/** Bypass-diode layout shared by the fractional responses. */
interface FractionalLayout {
  /** fractional effect E (`electricalShadingFractionalEffect`) [%] */
  fractionalEffect: number;
  /** modules stacked across the collector width M (`modulesHigh`) [-] */
  modulesHigh: number;
  orientation: ModuleOrientation;
  /** bypass-diode substrings across a landscape module [-] (3) */
  substrings?: number;
}

/** Beam shading model and its electrical effect. */
export type BeamShadingChoice =
  | { model: typeof DirectBeamShadingModel.Linear }
  | { model: typeof DirectBeamShadingModel.None }
  | ({ model: typeof DirectBeamShadingModel.FractionalElectrical } & FractionalLayout)
  | ({
      model: typeof DirectBeamShadingModel.ModuleFileDefined;
      /** the module's response (its own shading table, 5, is not modelled: the case is refused) */
      response: Exclude<ModuleShadingResponse, typeof ModuleShadingResponse.ModuleFileDefined>;
      /** equal fractions of the collector width N for the step-fractional response [-] */
      fractions: number;
    } & FractionalLayout)
  | {
      model: typeof DirectBeamShadingModel.StepFractional;
      fractionalEffect: number;
      /** equal fractions of the collector width N (`numberOfModuleFractions`) [-] */
      fractions: number;
    };

/** Every model choice of the optics chain (prediction level, spec 3 `Prediction`). */
export interface OpticsChoices {
  /** reverse the weather file's measured plane-of-array irradiance (GTI-DIRINT) instead of decomposing GHI */
  useMeteoPOAI: boolean;
  decomposition: DecompositionModelChoice;
  airMass: AirMassModelType;
  transposition: TranspositionChoice;
  circumsolar: CircumsolarTreatment;
  /** 12 ground albedos ρ, January first (`monthlyFactors[].albedo`) [-] */
  monthlyAlbedo: readonly number[];
  /** take the weather file's albedo column where it is finite (`useWeatherFileAlbedoData`) */
  useWeatherFileAlbedoData: boolean;
  beamShading: BeamShadingChoice;
  diffuseShading: DiffuseShadingModel;
  /** shade the ground-reflected light by the rows (U_shd,Gb, U_shd,Gd) */
  shadeGroundReflected: boolean;
  soiling: SoilingChoice;
  iam: IamChoice;
  diffuseIam: DiffuseIamChoice;
  spectral: SpectralChoice;
  /** where the precipitable water of the spectral models comes from (`spectralWeatherType`) */
  precipitableWater: SpectralWeatherType;
}

/** The site (prediction level). */
export interface OpticsSite {
  /** latitude φ, north positive [°] */
  latitude: number;
  /** longitude σ, east positive [°] */
  longitude: number;
  /** altitude above sea level [m] (pressure when the weather has none; SPA parallax) */
  altitude: number;
  /** ΔT = TT − UT [s], default 67 */
  deltaT?: number;
  /** far horizon profile (`horizonDetails`); omit for a flat horizon */
  horizon?: readonly HorizonPoint[];
}

/** Wind stow of a tracker. */
export interface WindStowChoice {
  /** wind speed above which the tracker stows (`windStowThreshold`) [m/s] */
  threshold: number;
  /** rotation while stowed (`windStowAngle`) [°] */
  angle: number;
  /** minutes the tracker stays stowed after the wind last exceeded the threshold (`stowDwellTime`) [min] */
  dwellMinutes: number;
}

/** Mounting of the rows. */
export type MountingChoice =
  | {
      type: typeof DCFieldTrackingTypeEnum.FixedTilt;
      /** tilt β (`moduleTilt`) [°] */
      surfaceTilt: number;
      /** azimuth γ the rows face (`moduleAzimuth`) [°] */
      surfaceAzimuth: number;
    }
  | {
      type: typeof DCFieldTrackingTypeEnum.SeasonalTilt;
      /** 12 tilts, January first (`monthlySeasonalTiltFactors`) [°] */
      monthlyTilt: readonly number[];
      surfaceAzimuth: number;
    }
  | {
      type: typeof DCFieldTrackingTypeEnum.HorizontalTracker;
      control: DCFieldBacktrackingType;
      /** axis azimuth γa (180: N–S axis) [°] */
      axisAzimuth: number;
      /** axis tilt βa (`trackerPitchAngleD`) [°] */
      axisTilt: number;
      /** rotation limits (`minimumTrackingLimitAngleD`, `maximumTrackingLimitAngleD`) [°] */
      minAngle: number;
      maxAngle: number;
      /** rotation with the sun below the horizon (`nightTimeStowAngleD`) [°] */
      nightStowAngle: number;
      /** omit when wind stow is disabled */
      windStow?: WindStowChoice;
    };

/** Rear side of bifacial modules (Marion et al. 2017); omit for monofacial modules. */
export interface BifacialChoice {
  /** height of the module centre (tracker axis) above the ground (`postHeight`) [m] */
  postHeight: number;
  /** bifaciality factor φ [-] */
  bifacialityFactor: number;
  /** fraction of the beam reaching shaded ground through the rows τ [-] (0) */
  transmissionFactor?: number;
  /** rear structure shading [%] (0) */
  structureShading?: number;
  /** back-side mismatch [%] (0) */
  backsideMismatch?: number;
}

/** The rows of a DC field. */
export interface OpticsGeometry {
  mounting: MountingChoice;
  /** ground coverage ratio GCR = ℓ/p, collector width over horizontal pitch [-] */
  gcr: number;
  /** collector width ℓ across the row (`collectorBandwidth`) [m]; needed with `bifacial` */
  collectorWidth?: number;
  /** slope of the ground: tilt βg [°] and the azimuth γg it descends towards [°]; omit for flat ground */
  groundSlope?: { slopeTilt: number; slopeAzimuth: number };
  /** view height g of the sky and ground shading models, fraction of ℓ from the lower edge [-] (0.5) */
  viewHeight?: number;
  bifacial?: BifacialChoice;
}
