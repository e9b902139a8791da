/**
 * A DC field of a case (spec 3 `PVDCField`) resolved with its module and the prediction's choices into
 * what the chain evaluates: the optics chain's choices and geometry, the cell-temperature model, the DC
 * loss factors, the wiring, and keys that identify equal DC fields (each distinct one is evaluated once).
 *
 * Defaults of absent fields:
 * - trackingType 0 (fixed); moduleTilt by latitude (spec 2 §9.3: |φ| < 5 → 5°, < 15 → 10°, < 25 → 15°,
 *   < 35 → 20°, else 25°); moduleAzimuth 180 north of the equator, else 0 (spec 4 §1);
 * - trackers: axis azimuth `moduleAzimuth` 180 (N–S), `trackerPitchAngleD` 0, limits ±60°
 *   (spec 4 §1), night stow 0°, trackingBacktrackingType 1 (backtracking) except CdTe and CIGS modules
 *   0 (spec 1 §4), wind stow off unless windStowType ≥ 1;
 * - collectorBandwidth from the module (spec 4 §1: mh·dim/1000 + (mh − 1)·vgap, dim the module's
 *   width in landscape, else its length; vgap 0.02 m); groundCoverageRatio = collectorBandwidth /
 *   postToPostSpacing; required when a shading model, backtracking or a bifacial module needs it;
 * - postHeight (bifacial) 0.5 m + collectorBandwidth/2·sin(tilt), tilt the largest rotation for
 *   trackers (spec 2 §9.3);
 * - moduleMismatchCoefficient, lightInducedDegradation, moduleQuality: the module's, else 0 %;
 *   dcHealth 1 % and dcWiringLossAtSTC 1.5 % (spec 4 §1); structureShading and backSideMismatch 0 %;
 * - diffuse IAM: the Marion integration of the beam modifier unless `uiamd` and `uiamg` are given;
 * - ground-reflected light is shaded by the rows when diffuseShadingModel is Schaar–Panchula.
 */
import {
  DCFieldBacktrackingType,
  DCFieldTrackingTypeEnum,
  DiffuseShadingModel,
  DirectBeamShadingModel,
  IncidenceAngleModelType,
  ModuleOrientation,
  ModuleShadingResponse,
  SpectralResponseEnum,
  SpectralShiftModel,
  SoilingModelType,
  type BeamShadingChoice,
  type IamChoice,
  type MountingChoice,
  type OpticsChoices,
  type OpticsGeometry,
  type SpectralChoice,
} from '../chain/choices.ts';
import { dcLossFactors, dcWiringResistance, type DcLossFactors } from '../module/dcLosses.ts';
import { defaultIam } from '../optics/iam/defaultIam.ts';
import { FIRST_SOLAR_SPECTRAL_COEFFICIENTS, type FirstSolarCoefficients } from '../spectral/firstSolar.ts';
import { cellTemperatureModelFromFields, type CellTemperatureModel } from '../temperature/cellTemperature.ts';
import {
  CircumsolarTreatmentType,
  DcFieldModuleTemperatureModelType,
  DcPowerModelType,
  DcWiringLossModel,
  ModuleTemperatureModelType,
} from './enums.ts';
import type { CaseReader, Json, NumberRule } from './read.ts';
import type { ModuleSettings } from './resolveModule.ts';
import type { PredictionSettings } from './resolvePrediction.ts';

/** A DC field, resolved. */
export interface DcFieldSettings {
  path: string;
  name: string;
  repeater: number;
  module: ModuleSettings;
  modulesInSeries: number;
  stringsInParallel: number;
  choices: OpticsChoices;
  geometry: OpticsGeometry;
  /** the ground coverage ratio given or derived; undefined when unknown (the chain then has no use for it) */
  groundCoverageRatio: number | undefined;
  /** tracker rotation per step [°] (`trackingAngleTimeSeriesDetails`), control TimeSeries only */
  trackingAngle: Float64Array | undefined;
  temperature: CellTemperatureModel;
  /** the cell-temperature model in use (ModuleTemperatureModelType without 3), for the summary */
  temperatureModel: number;
  /** measured module temperature per step [°C] (`moduleSurfaceTempTimeSeriesDetails`) */
  tempModule: Float64Array | undefined;
  losses: DcLossFactors & { mismatchPct: number; lidPct: number; qualityPct: number; dcHealthPct: number };
  wiring: { model: DcWiringLossModel; lossPct: number; addedResistance: number };
  /**
   * the PVWatts DC model in place of the module's power (`dcPowerModel` 1): Pdc0 of one module [W], γ
   * [1/K], the system loss [%] (taken as a fraction of the DC power); undefined: the module's model
   */
  pvwatts: { pdc0: number; gamma: number; systemLossPct: number } | undefined;
  /** one instance: STC power [W] (PVWatts: its DC rating), modules [-], module area [m²] */
  dcCapacity: number;
  moduleCount: number;
  moduleArea: number;
  /** equal keys: equal optics / equal DC output */
  opticsKey: string;
  dcKey: string;
}

const SPECTRAL_BY_TECHNOLOGY: Record<number, FirstSolarCoefficients> = {
  1: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.monoSi,
  2: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.monoSi,
  3: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.monoSi,
  4: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.polySi,
  5: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.polySi,
  6: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.cdte,
  7: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.cigs,
};

/** @internal Default fixed tilt by latitude (spec 2 §9.3). */
export function defaultTilt(latitude: number): number {
  const a = Math.abs(latitude);
  return a < 5 ? 5 : a < 15 ? 10 : a < 25 ? 15 : a < 35 ? 20 : 25;
}

function iamChoice(r: CaseReader, p: PredictionSettings, m: ModuleSettings): IamChoice {
  switch (p.incAngleModel) {
    case IncidenceAngleModelType.Sandia:
      return { model: p.incAngleModel, ...(m.sandiaIam ?? defaultIam({ ashraeB0: m.ashraeB0 }).sandia) };
    case IncidenceAngleModelType.Ashrae:
      return { model: p.incAngleModel, b0: m.ashraeB0 };
    case IncidenceAngleModelType.None:
      return { model: p.incAngleModel };
    case IncidenceAngleModelType.Tabular:
      return { model: p.incAngleModel, ...(m.tabularIam ?? defaultIam({ ashraeB0: m.ashraeB0 }).tabular) };
    case IncidenceAngleModelType.Physical:
      // A default that changes a result (issue 17): said once per module in the run's assumptions.
      if (m.coatingAssumed)
        r.note(
          `module "${m.name}".useAntiReflectiveCoating`,
          `true (physical IAM with a coating of index ${m.physicalIam.arcRefractiveIndex ?? 1.29}; the module does not say)`,
        );
      return { model: p.incAngleModel, ...m.physicalIam };
  }
}

function spectralChoice(
  r: CaseReader,
  p: PredictionSettings,
  m: ModuleSettings,
  path: string,
): SpectralChoice {
  switch (p.spectralShiftModel) {
    case SpectralShiftModel.None:
      return { model: SpectralShiftModel.None };
    case SpectralShiftModel.MonthlyOverride:
      return { model: SpectralShiftModel.MonthlyOverride, monthlyLoss: p.monthlySpectral };
    case SpectralShiftModel.TwoParameter: {
      const c = m.spectral2 ?? SPECTRAL_BY_TECHNOLOGY[m.cellTechnologyType];
      if (!c) {
        r.error(`${path}.module`, 'spectralShiftModel 2 needs spectral2B0…B5 or a cellTechnologyType 1–7');
        return { model: SpectralShiftModel.None };
      }
      if (!m.spectral2)
        r.note(
          `${path}.module.spectral2B0…B5`,
          `the First Solar set of cellTechnologyType ${m.cellTechnologyType}`,
        );
      return { model: SpectralShiftModel.TwoParameter, coefficients: c };
    }
    case SpectralShiftModel.OneParameter: {
      const resp = m.spectralResponse;
      if (resp === SpectralResponseEnum.NoSpectralShift) return { model: SpectralShiftModel.None };
      if (resp === SpectralResponseEnum.Sandia) {
        if (m.sandiaSpectral)
          return { model: SpectralShiftModel.OneParameter, response: resp, coefficients: m.sandiaSpectral };
        r.error(`${path}.module`, 'spectralResponse 3 (Sandia) needs sandiaSpectralA0…A4');
      } else if (m.spectralPwat)
        return { model: SpectralShiftModel.OneParameter, response: resp, coefficients: m.spectralPwat };
      else
        r.error(
          `${path}.module`,
          'the First Solar one-parameter response needs spectralPwatCoefficients {c0…c4} (not published)',
        );
      return { model: SpectralShiftModel.None };
    }
  }
}

function beamShading(
  r: CaseReader,
  path: string,
  p: PredictionSettings,
  m: ModuleSettings,
  modulesHigh: number,
  orientation: ModuleOrientation,
): BeamShadingChoice {
  const fractionalEffect = p.fractionalEffect ?? m.electricalShadingFractionalEffect ?? 50;
  const layout = { fractionalEffect, modulesHigh, orientation };
  const fractions = p.moduleFractions ?? modulesHigh;
  switch (p.directBeamShadingModel) {
    case DirectBeamShadingModel.Linear:
    case DirectBeamShadingModel.None:
      return { model: p.directBeamShadingModel };
    case DirectBeamShadingModel.FractionalElectrical:
      return { model: p.directBeamShadingModel, ...layout };
    case DirectBeamShadingModel.ModuleFileDefined: {
      const response = m.shadingResponse;
      if (response === ModuleShadingResponse.ModuleFileDefined) {
        r.error(
          `${path}.module.moduleShadingResponse`,
          "5 (the module's own shading table) is not modelled: give the module another shading " +
            'response, or the prediction another directBeamShadingModel',
        );
        return { model: DirectBeamShadingModel.Linear };
      }
      return { model: p.directBeamShadingModel, response, fractions, ...layout };
    }
    case DirectBeamShadingModel.StepFractional:
      return { model: p.directBeamShadingModel, fractionalEffect, fractions };
  }
}

function mounting(r: CaseReader, o: Json, path: string, lat: number, m: ModuleSettings, n: number) {
  const type = r.choice(o, 'trackingType', path, DCFieldTrackingTypeEnum, DCFieldTrackingTypeEnum.FixedTilt);
  const azimuth = r.number(o, 'moduleAzimuth', path, { min: 0, max: 360 });
  let trackingAngle: Float64Array | undefined;
  let mount: MountingChoice;
  let maxTilt: number;
  if (type === DCFieldTrackingTypeEnum.HorizontalTracker) {
    const thinFilm = m.cellTechnologyType === 6 || m.cellTechnologyType === 7;
    const control = r.choice(o, 'trackingBacktrackingType', path, DCFieldBacktrackingType, thinFilm ? 0 : 1);
    if (control === DCFieldBacktrackingType.TimeSeries) {
      trackingAngle = r.series(o, 'trackingAngleTimeSeriesDetails', path, n);
      if (!trackingAngle)
        r.error(`${path}.trackingAngleTimeSeriesDetails`, 'is required with trackingBacktrackingType 2');
    }
    const minAngle = r.numberOr(o, 'minimumTrackingLimitAngleD', path, -60, { min: -90, max: 0 });
    const maxAngle = r.numberOr(o, 'maximumTrackingLimitAngleD', path, 60, { min: 0, max: 90 });
    const stow = r.numberOr(o, 'windStowType', path, 0, { integer: true, min: 0, max: 2 });
    mount = {
      type,
      control,
      axisAzimuth: azimuth ?? 180,
      axisTilt: r.numberOr(o, 'trackerPitchAngleD', path, 0, { min: -45, max: 45 }),
      minAngle,
      maxAngle,
      nightStowAngle: r.numberOr(o, 'nightTimeStowAngleD', path, 0, { min: -90, max: 90 }),
      ...(stow >= 1
        ? {
            windStow: {
              threshold: r.required(o, 'windStowThreshold', path, { above: 0 }),
              angle: r.numberOr(o, 'windStowAngle', path, 0, { min: -90, max: 90 }),
              dwellMinutes: r.numberOr(o, 'stowDwellTime', path, 0, { min: 0 }),
            },
          }
        : {}),
    };
    maxTilt = Math.max(-minAngle, maxAngle);
  } else if (type === DCFieldTrackingTypeEnum.SeasonalTilt) {
    const tilts = new Array<number>(12).fill(NaN);
    r.array(o, 'monthlySeasonalTiltFactors', path, true).forEach((e, i) => {
      const p = `${path}.monthlySeasonalTiltFactors[${i}]`;
      const x = r.object(e, p);
      if (!x) return;
      const month = r.required(x, 'month', p, { integer: true, min: 1, max: 12 });
      if (Number.isInteger(month)) tilts[month - 1] = r.required(x, 'tilt', p, { min: 0, max: 90 });
    });
    if (tilts.some((t) => Number.isNaN(t)))
      r.error(`${path}.monthlySeasonalTiltFactors`, 'needs a tilt for each month 1–12');
    mount = { type, monthlyTilt: tilts, surfaceAzimuth: azimuth ?? (lat >= 0 ? 180 : 0) };
    maxTilt = Math.max(...tilts.filter((t) => t === t), 0);
  } else {
    const tilt = r.number(o, 'moduleTilt', path, { min: 0, max: 90 });
    if (tilt === undefined) r.note(`${path}.moduleTilt`, String(defaultTilt(lat)));
    mount = { type, surfaceTilt: tilt ?? defaultTilt(lat), surfaceAzimuth: azimuth ?? (lat >= 0 ? 180 : 0) };
    maxTilt = mount.surfaceTilt;
  }
  return { mount, trackingAngle, maxTilt };
}

/**
 * The DC power model of a DC field (engine field `dcPowerModel`, {@link DcPowerModelType}): 0 the
 * module's own model (default), or 1 PVWatts (Dobos 2014), P = S/1000·Pdc0·(1 + γ(Tc − 25 °C))·(1 − L),
 * so that a plant is stated the way NREL's PVWatts states it:
 * - `pvwattsDcRating` the field's DC rating [kW] (one instance; default the modules' STC power, noted);
 * - `pvwattsGamma` γ [%/°C] (default −0.37, PVWatts' "standard" module, noted);
 * - `pvwattsSystemLoss` L [%] (default 14.08, PVWatts' default total, noted), which replaces
 *   `dcWiringLossAtSTC` and stands for the DC losses (mismatch, LID, quality, DC health then default 0).
 * The module still gives the voltage (its single-diode Vmp at the step's conditions, for the inverter's
 * window and efficiency), the optics (IAM, area) and the thermal coefficients.
 */
function pvwattsChoice(
  r: CaseReader,
  o: Json,
  path: string,
  module: ModuleSettings,
  modules: number,
): DcFieldSettings['pvwatts'] {
  const model = r.choice(o, 'dcPowerModel', path, DcPowerModelType, DcPowerModelType.Module, false);
  if (model !== DcPowerModelType.Pvwatts) return undefined;
  const rating = r.number(o, 'pvwattsDcRating', path, { above: 0, max: 10_000_000 });
  if (rating === undefined && !r.quiet)
    r.note(`${path}.pvwattsDcRating`, `${(module.stc.pmp * modules) / 1000} kW (the modules' STC power)`);
  const gammaPct = r.numberOr(o, 'pvwattsGamma', path, -0.37, { min: -2, max: 0.5 }, true);
  return {
    pdc0: rating !== undefined && modules > 0 ? (rating * 1000) / modules : module.stc.pmp,
    gamma: gammaPct / 100,
    systemLossPct: r.numberOr(o, 'pvwattsSystemLoss', path, 14.08, { min: 0, max: 99 }, true),
  };
}

/**
 * The engine's cell-temperature choices of a DC field (`modTempModel` 100–102 on the prediction, or on
 * the DC field with the prediction's 3), their coefficients read from the DC field with the defaults
 * noted:
 * - 100 Faiman: `faimanU0` 25 W/(m²·K), `faimanU1` 6.84 W·s/(m³·K) (Faiman 2008's fit for c-Si);
 * - 101 PVsyst with the efficiency given: `heatBalanceConductiveCoef` Uc, `heatBalanceConvectiveCoef`
 *   Uv, `heatAbsorptionCoefAlphaT` α (the DC field's, else the module's, else 29, 0 and 0.9),
 *   `moduleEfficiency` η 0.1 (PVsyst's documented default; unlike 0, η does not come from the module's
 *   STC rating);
 * - 102 Fuentes: `nominalOperatingCellTemperature` as the installed NOCT 45 °C (PVWatts' open rack),
 *   `fuentesModuleHeight` 5 m, `fuentesWindHeight` 9.144 m, `fuentesEmissivity` 0.84,
 *   `fuentesAbsorption` 0.83, `fuentesCharacteristicLength` 0.5 m (Fuentes 1987's values), the fixed
 *   tilt of the field (30° for other mountings, the paper's).
 */
function engineTemperatureModel(
  r: CaseReader,
  o: Json,
  path: string,
  kind: 100 | 101 | 102,
  module: ModuleSettings,
  mount: MountingChoice,
): CellTemperatureModel {
  /** the DC field's value, else the module's, else the default (noted) */
  const n = (k: string, dflt: number, rule: NumberRule, moduleValue?: number | null) => {
    const v = r.number(o, k, path, rule);
    if (v !== undefined) return v;
    if (moduleValue !== undefined && moduleValue !== null) return moduleValue;
    if (!r.quiet) r.note(`${path}.${k}`, String(dflt));
    return dflt;
  };
  const t = module.thermal;
  if (kind === ModuleTemperatureModelType.Faiman)
    return {
      model: 'faiman',
      u0: n('faimanU0', 25, { above: 0, max: 200 }),
      u1: n('faimanU1', 6.84, { min: 0, max: 100 }),
    };
  if (kind === ModuleTemperatureModelType.Pvsyst)
    return {
      model: 'heatBalance',
      uC: n('heatBalanceConductiveCoef', 29, { above: 0, max: 200 }, t.heatBalanceConductiveCoef),
      uV: n('heatBalanceConvectiveCoef', 0, { min: 0, max: 100 }, t.heatBalanceConvectiveCoef),
      alpha: n('heatAbsorptionCoefAlphaT', 0.9, { min: 0, max: 1 }, t.heatAbsorptionCoefAlphaT),
      efficiency: n('moduleEfficiency', 0.1, { min: 0, max: 0.5 }),
    };
  const surfaceTilt = mount.type === DCFieldTrackingTypeEnum.FixedTilt ? mount.surfaceTilt : 30;
  if (mount.type !== DCFieldTrackingTypeEnum.FixedTilt && !r.quiet)
    r.note(`${path}.fuentes tilt`, "30° (the paper's) for a mounting without a fixed tilt");
  return {
    model: 'fuentes',
    noctInstalled: n('nominalOperatingCellTemperature', 45, { min: 21, max: 100 }),
    moduleHeight: n('fuentesModuleHeight', 5, { above: 0, max: 100 }),
    windHeight: n('fuentesWindHeight', 9.144, { above: 0, max: 200 }),
    emissivity: n('fuentesEmissivity', 0.84, { above: 0, max: 1 }),
    absorption: n('fuentesAbsorption', 0.83, { above: 0, max: 1 }),
    characteristicLength: n('fuentesCharacteristicLength', 0.5, { above: 0, max: 10 }),
    surfaceTilt,
  };
}

/**
 * Reads a DC field.
 * @param r the reader
 * @param o the DC field object
 * @param path its path
 * @param module its module, resolved
 * @param p the prediction's settings
 * @param site latitude [°] and the weather's length (for time series)
 * @returns the DC field
 */
export function resolveDcField(
  r: CaseReader,
  o: Json,
  path: string,
  module: ModuleSettings,
  p: PredictionSettings,
  site: { latitude: number; steps: number },
): DcFieldSettings {
  const ns = r.required(o, 'modulesWiredInSeries', path, { integer: true, min: 1 });
  const np = r.required(o, 'numberOfSeriesStringsWiredInParallel', path, { min: 0 });
  const { mount, trackingAngle, maxTilt } = mounting(r, o, path, site.latitude, module, site.steps);
  const orientation = r.choice(
    o,
    'moduleOrientation',
    path,
    ModuleOrientation,
    module.defaultOrientation as ModuleOrientation,
    false,
  );
  const modulesHigh = r.numberOr(o, 'modulesHigh', path, 1, { integer: true, min: 1 });
  const gap = r.numberOr(o, 'verticalIntermoduleGap', path, 0.02, { min: 0 });
  const dim = orientation === ModuleOrientation.Landscape ? module.width : module.length;
  const cbw =
    r.number(o, 'collectorBandwidth', path, { above: 0 }) ??
    (modulesHigh * dim) / 1000 + (modulesHigh - 1) * gap;
  const pitch = r.number(o, 'postToPostSpacing', path, { above: 0 });
  const gcr =
    r.number(o, 'groundCoverageRatio', path, { above: 0, max: 1 }) ??
    (pitch !== undefined ? cbw / pitch : undefined);
  const backtracking =
    mount.type === DCFieldTrackingTypeEnum.HorizontalTracker &&
    mount.control === DCFieldBacktrackingType.Backtracking;
  const needs = [
    p.directBeamShadingModel !== DirectBeamShadingModel.None ? 'the beam shading model' : '',
    p.diffuseShadingModel !== DiffuseShadingModel.None ? 'the diffuse shading model' : '',
    backtracking ? 'backtracking' : '',
    module.bifacial ? 'the rear side of a bifacial module' : '',
  ].filter(Boolean);
  if (gcr === undefined && needs.length > 0)
    r.error(
      `${path}.groundCoverageRatio`,
      `is required by ${needs.join(', ')} (or postToPostSpacing and collectorBandwidth)`,
    );
  const bif = module.bifacial;
  if (bif && !(cbw > 0))
    r.error(`${path}.collectorBandwidth`, 'is required for a bifacial module without length and width');
  const ground = r.object(o.ground, `${path}.ground`, false);
  const slope = ground ? r.number(ground, 'slope', `${path}.ground`, { min: 0, max: 45 }) : undefined;
  const useOwnIam = o.uiamd !== undefined || o.uiamg !== undefined;
  const choices: OpticsChoices = {
    useMeteoPOAI: p.useMeteoPOAI,
    decomposition: p.decomposition,
    airMass: p.airMass,
    transposition: p.transposition,
    circumsolar: p.circumsolar === CircumsolarTreatmentType.Beam ? 'beam' : 'diffuse',
    monthlyAlbedo: p.monthlyAlbedo,
    useWeatherFileAlbedoData: p.useWeatherFileAlbedoData,
    beamShading: beamShading(r, path, p, module, modulesHigh, orientation),
    diffuseShading: p.diffuseShadingModel,
    shadeGroundReflected: p.diffuseShadingModel === DiffuseShadingModel.SchaarPanchula,
    soiling:
      p.soilingModel === SoilingModelType.ConstantMonthly
        ? { model: p.soilingModel, monthlyLoss: p.monthlySoiling }
        : p.soilingModel === SoilingModelType.WeatherFile
          ? { model: p.soilingModel }
          : { model: SoilingModelType.None },
    iam: iamChoice(r, p, module),
    diffuseIam: useOwnIam
      ? {
          method: 'fixed',
          sky: r.numberOr(o, 'uiamd', path, 1, { min: 0, max: 1 }),
          ground: r.numberOr(o, 'uiamg', path, 1, { min: 0, max: 1 }),
        }
      : { method: 'marion' },
    spectral: spectralChoice(r, p, module, path),
    precipitableWater: p.spectralWeatherType,
  };
  const geometry: OpticsGeometry = {
    mounting: mount,
    gcr: gcr ?? 0.5,
    ...(cbw > 0 ? { collectorWidth: cbw } : {}),
    ...(slope !== undefined && slope > 0 && ground
      ? {
          groundSlope: {
            slopeTilt: slope,
            slopeAzimuth: r.numberOr(ground, 'slopeAzimuth', `${path}.ground`, 180, { min: 0, max: 360 }),
          },
        }
      : {}),
    ...(bif
      ? {
          bifacial: {
            postHeight:
              r.number(o, 'postHeight', path, { above: 0 }) ??
              Math.round(10 * (0.5 + (cbw / 2) * Math.sin((maxTilt * Math.PI) / 180))) / 10,
            bifacialityFactor: bif.bifacialityFactor,
            transmissionFactor: bif.transmissionFactor,
            structureShading: r.numberOr(o, 'structureShading', path, 0, { min: 0, max: 100 }),
            backsideMismatch:
              r.number(o, 'backSideMismatch', path, { min: 0, max: 100 }) ?? bif.backSideMismatch ?? 0,
          },
        }
      : {}),
  };
  const own = (k: string) => r.number(o, k, path);
  const dcFieldModel = r.choice(
    o,
    'modTempModel',
    path,
    DcFieldModuleTemperatureModelType,
    DcFieldModuleTemperatureModelType.HeatBalance,
    false,
  );
  const dcFieldThermal = {
    modTempModel: dcFieldModel,
    heatBalanceConductiveCoef: own('heatBalanceConductiveCoef'),
    heatBalanceConvectiveCoef: own('heatBalanceConvectiveCoef'),
    sandiaConductiveCoef: own('sandiaConductiveCoef'),
    sandiaConvectiveCoef: own('sandiaConvectiveCoef'),
    cellToModuleTempDiff: own('cellToModuleTempDiff'),
    nominalOperatingCellTemperature: own('nominalOperatingCellTemperature'),
    transmittanceAbsorptance: own('transmittanceAbsorptance'),
  };
  const kind = p.modTempModel === ModuleTemperatureModelType.DcFieldDefined ? dcFieldModel : p.modTempModel;
  let temperature =
    kind === ModuleTemperatureModelType.Faiman ||
    kind === ModuleTemperatureModelType.Pvsyst ||
    kind === ModuleTemperatureModelType.Fuentes
      ? engineTemperatureModel(r, o, path, kind, module, mount)
      : cellTemperatureModelFromFields(
          p.modTempModel as 0 | 1 | 2 | 3,
          module.thermal,
          dcFieldThermal as typeof dcFieldThermal & { modTempModel: 0 | 1 | 2 },
        );
  let tempModule: Float64Array | undefined;
  if (r.boolean(o, 'useModuleSurfaceTempTimeSeries', path, false)) {
    tempModule = r.series(o, 'moduleSurfaceTempTimeSeriesDetails', path, site.steps);
    if (!tempModule)
      r.error(
        `${path}.moduleSurfaceTempTimeSeriesDetails`,
        'is required with useModuleSurfaceTempTimeSeries',
      );
    temperature = {
      model: 'measuredModule',
      deltaT: dcFieldThermal.cellToModuleTempDiff ?? module.thermal.cellToModuleTempDiff ?? 3,
    };
  }
  const pvwatts = pvwattsChoice(r, o, path, module, ns * np);
  // With PVWatts the system loss stands for mismatch, LID, quality, health and wiring (its own
  // categories), so these default to 0; given explicitly they act as well.
  const lossDefault = (v: number) => (pvwatts ? 0 : v);
  const pct = (k: 'moduleMismatchCoefficient' | 'lightInducedDegradation' | 'moduleQuality') =>
    r.number(o, k, path, { min: -100, max: 100 }) ?? (pvwatts ? 0 : (module[k] ?? 0));
  const mismatchPct = pct('moduleMismatchCoefficient');
  const lidPct = pct('lightInducedDegradation');
  const qualityPct = pct('moduleQuality');
  const dcHealthPct = r.numberOr(o, 'dcHealth', path, lossDefault(1), { min: 0, max: 100 }, true);
  const lossPct = pvwatts
    ? pvwatts.systemLossPct
    : r.numberOr(o, 'dcWiringLossAtSTC', path, 1.5, { min: 0, max: 50 }, true);
  const losses = {
    ...dcLossFactors({
      moduleMismatchCoefficient: mismatchPct,
      lightInducedDegradation: lidPct,
      moduleQuality: qualityPct,
      dcHealth: dcHealthPct,
    }),
    mismatchPct,
    lidPct,
    qualityPct,
    dcHealthPct,
  };
  const stc = module.stc;
  const wiringModel = pvwatts ? DcWiringLossModel.PowerFraction : p.dcWiringLossModel;
  const wiring = {
    model: wiringModel,
    lossPct,
    addedResistance:
      wiringModel === DcWiringLossModel.SeriesResistance
        ? dcWiringResistance({ dcWiringLossAtSTC: lossPct, pmp: stc.pmp, imp: stc.imp })
        : 0,
  };
  const opticsKey = JSON.stringify([choices, geometry, trackingAngle ? path : '']);
  const dcKey = JSON.stringify([
    opticsKey,
    temperature,
    tempModule ? path : '',
    module.model,
    stc,
    ns,
    np,
    losses,
    wiring,
    pvwatts,
  ]);
  return {
    path,
    name: String(o.name ?? path),
    repeater: r.numberOr(o, 'repeater', path, 1, { integer: true, min: 0 }),
    module,
    modulesInSeries: ns,
    stringsInParallel: np,
    choices,
    geometry,
    groundCoverageRatio: gcr,
    trackingAngle,
    temperature,
    temperatureModel: kind,
    tempModule,
    losses,
    wiring,
    pvwatts,
    dcCapacity: pvwatts ? pvwatts.pdc0 * ns * np : stc.pmp * ns * np,
    moduleCount: ns * np,
    moduleArea: module.area * ns * np,
    opticsKey,
    dcKey,
  };
}
