/**
 * The simulation case as JSON: a project, a prediction (model choices and loss settings), a power plant
 * (blocks → arrays → inverters → DC fields, each with a `repeater`) and a weather file, with the field
 * names of spec 3 (`Project`, `Prediction`, `PVPlant`, `PVBlock`, `PVArray`, `PVInverter`, `PVDCField`,
 * `Module`, `Inverter`, `Transformer`, `TransmissionLine`, `MonthlyFactors`, `ESSInputs`). Units are
 * the API's: kW, kVA, MW, MVA, kV, %, m, mm for module dimensions, degrees (azimuth N = 0, E = 90).
 * Enumerations travel as integers. Every field is optional unless marked; `resolveCase` documents the
 * default of each absent field and lists the ones it applied.
 *
 * A module or an inverter is either a complete record (an object without `library`), the name of an
 * entry of the CEC lists (a string), or an object with `library` (a list's file name) and `name`, whose
 * other keys replace the entry's values (null removes an optional limit).
 */

/** spec 3 `Project` (site). */
export interface ProjectInput {
  name?: string;
  /** [°] north positive (required) */
  latitude: number;
  /** [°] east positive (required) */
  longitude: number;
  /** [m]; default the weather file's */
  elevation?: number;
  /** standard-time offset [h]; default the weather file's (also read as `standardOffsetFromUTC`) */
  timeZone?: number;
  standardOffsetFromUTC?: number;
}

/** spec 3 `MonthlyFactors`. */
export interface MonthlyFactorsInput {
  /** 1–12 (required) */
  month: number;
  albedo?: number;
  /** [%] */
  soilingLoss?: number;
  /** spectral loss for SpectralShiftModel 3 [%] */
  spectralShift?: number;
}

/** spec 3 `Prediction`: model choices, losses, degradation, uncertainty. */
export interface PredictionInput {
  name?: string;
  /** TranspositionModelType: Hay (Hay–Davies) 0, Perez 1; engine: isotropic 100, Reindl 101, Klucher 102 */
  transpositionModel?: number;
  /** Perez coefficient set by name (`allsitescomposite1990` …) or its index in `PEREZ_MODELS` */
  perezCoefficients?: string | number;
  /** DiffuseDirectDecompModelType: Erbs 0, Reindl 1, DIRINT 2, None 3 */
  diffuseDirectDecompModel?: number;
  /** DIRINT (engine): use the stability index Δkt′ of the neighbouring steps (default true) */
  dirintUseDeltaKtPrime?: boolean;
  /** DIRINT's precipitable water (engine): none 0, the file's column 1, from the dew point 3 */
  dirintWaterSource?: number;
  useMeteoPOAI?: boolean;
  /** AirMassModelType: Bird–Hulstrom 0, Kasten–Sandia 1 */
  airMassModel?: number;
  /** CircumsolarTreatmentType (engine numbering): diffuse 0, beam 1 */
  circumsolarTreatment?: number;
  /**
   * ModuleTemperatureModelType: heat balance 0, Sandia 1, NOCT 2, DC-field defined 3; engine: Faiman
   * 100, PVsyst with an explicit η 101, Fuentes 102 (coefficients on the DC fields)
   */
  modTempModel?: number;
  /** IncidenceAngleModelType: Sandia 2, ASHRAE 3, None 4, Tabular 5, Physical 6 */
  incAngleModel?: number;
  /** SpectralShiftModel: none 0, 1-parameter 1, 2-parameter 2, monthly 3 */
  spectralShiftModel?: number;
  /** SpectralWeatherType: none 0, PWat 1, RH 2, dew point 3 */
  spectralWeatherType?: number;
  /** SoilingModelType: constant monthly 0, weather file 1, none 2 */
  soilingModel?: number;
  /** DirectBeamShadingModel: linear 0, none 1, fractional 3, module-file defined 5, step fractional 6 */
  directBeamShadingModel?: number;
  /** DiffuseShadingModel: none 0, Schaar–Panchula 1 */
  diffuseShadingModel?: number;
  /** [%] */
  electricalShadingFractionalEffect?: number;
  numberOfModuleFractions?: number;
  useWeatherFileAlbedoData?: boolean;
  /** one albedo [-] and one soiling loss [%] (engine) for every month `monthlyFactors` does not give */
  albedo?: number;
  soilingLoss?: number;
  monthlyFactors?: MonthlyFactorsInput[];
  horizonDetails?: { azimuth: number; elevation: number }[];
  /** DegradationModel: none 0, stepped AC 1, linear AC 2, linear DC 3, non-linear DC 4 */
  degradationModel?: number;
  /** [%/yr] */
  linearDegradationRate?: number;
  firstYearDegradation?: boolean;
  nonLinearDegradationRates?: { year: number; degradationRate: number }[];
  enableLeTID?: boolean;
  lightAndElevatedTemperatureDegradationRates?: { year: number; degradationRate: number }[];
  /** years simulated (the weather repeats) */
  yearRepeater?: number;
  /** uncertainty components [%] */
  errorSpaVar?: number;
  errorModelAcc?: number;
  errorIntAnnVar?: number;
  errorSensAcc?: number;
  errorMonAcc?: number;
  /** 99.6 % cooling design temperature [°C] (kVA curves with `useCoolingTemp`) */
  cool996?: number;
  /** DcWiringLossModel (engine): series resistance 0, power fraction 1 */
  dcWiringLossModel?: number;
  /** exceedance probabilities of the summary [%] */
  pValues?: number[];
}

/** An entry of a CEC list, optionally edited. */
export interface LibraryReference {
  /** the list's file name, e.g. `sam-library-cec-inverters-2019-03-05.csv` */
  library: string;
  name: string;
  [override: string]: unknown;
}

/** spec 3 `Module` (the fields the engine uses), plus the CEC fit for pvModel 100/101. */
export interface ModuleInput {
  name?: string;
  /** PvModelType: PVsyst forms 0, 1, 3; CEC 100, De Soto 101 (engine) */
  pvModel?: number;
  numberOfCellsInSeries?: number;
  stcMaxPower?: number;
  stcShortCircuitCurrent?: number;
  stcOpenCircuitVoltage?: number;
  stcmppCurrent?: number;
  stcmppVoltage?: number;
  /** [mm] */
  length?: number;
  width?: number;
  /** CEC fit: αsc [A/K], a_ref [V], IL,ref [A], I0,ref [A], Rs [Ω], Rsh,ref [Ω], Adjust [%] */
  cecParameters?: {
    alphaSc: number;
    aRef: number;
    iLRef: number;
    iORef: number;
    rS: number;
    rShRef: number;
    adjust?: number;
  };
  [field: string]: unknown;
}

/** spec 3 `Inverter` (the fields the engine uses), plus the Sandia coefficients. */
export interface InverterInput {
  name?: string;
  /** InverterEfficiencyModel (engine numbering): bilinear 0, quadratic 1, Sandia 2, PVWatts 3 */
  inverterEfficiencyModel?: number;
  /** [kW], [kVA] */
  powerRated?: number;
  apparentPower?: number;
  /** [kW] */
  minDCPowerThreshold?: number;
  /** [V], [A]; null: no limit */
  minVoltage?: number | null;
  maxMPPVoltage?: number | null;
  maxAbsoluteVoltage?: number | null;
  maxCurrent?: number | null;
  /** Sandia coefficients: paco, pdco, pso, pnt [W], vdco [V], c0 [1/W], c1–c3 [1/V] */
  sandiaParameters?: Record<string, number>;
  efficiencyCurves?: { voltage: number; efficiencyPoints: { power: number; efficiency: number }[] }[];
  [field: string]: unknown;
}

/** spec 3 `PVDCField`. */
export interface DcFieldInput {
  name?: number | string;
  repeater?: number;
  /** a record, a CEC list name, or a library reference (required) */
  module: ModuleInput | LibraryReference | string;
  /** (required) */
  modulesWiredInSeries: number;
  /** (required) */
  numberOfSeriesStringsWiredInParallel: number;
  /** DCFieldTrackingTypeEnum: fixed 0, horizontal tracker 1, seasonal tilt 2 */
  trackingType?: number;
  moduleTilt?: number;
  moduleAzimuth?: number;
  groundCoverageRatio?: number;
  /**
   * own cell-temperature model, read with prediction modTempModel 3: heat balance 0, Sandia 1, NOCT 2;
   * engine: Faiman 100 (`faimanU0`, `faimanU1`), PVsyst 101 (`heatBalanceConductiveCoef`,
   * `heatBalanceConvectiveCoef`, `heatAbsorptionCoefAlphaT`, `moduleEfficiency` η [-]), Fuentes 102
   * (`nominalOperatingCellTemperature` as the installed NOCT [°C], `fuentesModuleHeight`,
   * `fuentesWindHeight` [m], `fuentesEmissivity`, `fuentesAbsorption` [-], `fuentesCharacteristicLength` [m])
   */
  modTempModel?: number;
  /**
   * DC power model (engine): the module's 0, PVWatts 1 with `pvwattsDcRating` [kW], `pvwattsGamma`
   * [%/°C] and `pvwattsSystemLoss` [%]
   */
  dcPowerModel?: number;
  [field: string]: unknown;
}

/** spec 3 `PVInverter` (a node of the plant). */
export interface InverterNodeInput {
  name?: string;
  repeater?: number;
  /** a record, a CEC list name, or a library reference (required) */
  inverter: InverterInput | LibraryReference | string;
  /** [kW] */
  setpointkW?: number;
  powerFactor?: number;
  designDerate?: number;
  /** [kVA] */
  kVARating?: number;
  dcFields: DcFieldInput[];
  [field: string]: unknown;
}

/** spec 3 `PVArray`. */
export interface ArrayInput {
  name?: number;
  repeater?: number;
  inverters: InverterNodeInput[];
  [field: string]: unknown;
}

/** spec 3 `PVBlock`. */
export interface BlockInput {
  name?: number;
  repeater?: number;
  arrays: ArrayInput[];
  [field: string]: unknown;
}

/** spec 3 `PVPlant`. */
export interface PowerPlantInput {
  blocks: BlockInput[];
  transformers?: {
    rating: number;
    highSideVoltage: number;
    noLoadLoss: number;
    fullLoadLoss: number;
    ordinal: number;
  }[];
  transmissionLines?: {
    length: number;
    resistance?: number | null;
    numberOfConductorsPerPhase: number;
    ordinal: number;
  }[];
  /** [MWac] */
  lgiaLimitation?: number | null;
  /** [%] */
  availabilityLoss?: number;
  powerFactor?: number;
  nighttimeDisconnect?: boolean;
  useCoolingTemp?: boolean;
  [field: string]: unknown;
}

/** The whole case. */
export interface SimulationCase {
  project: ProjectInput;
  prediction?: PredictionInput;
  powerPlant: PowerPlantInput;
  /** `file`: path of the weather file (read by the caller, relative to the case file) */
  weather?: { file?: string; coerceYear?: number };
}
