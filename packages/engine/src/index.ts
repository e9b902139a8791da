/**
 * Sunfield's energy engine: pure TypeScript, no dependencies, no I/O.
 * The models arrive with the engine issues; this entry point exports them as they land.
 */
export const ENGINE_VERSION = '0.1.0';

// Optics: incidence-angle modifiers (issue 3)
export { ashraeIam, ashraeIamSeries } from './optics/iam/ashrae.ts';
export {
  sandiaIam,
  sandiaIamSeries,
  SANDIA_IAM_GENERIC_GLASS,
  type SandiaIamParams,
} from './optics/iam/sandia.ts';
export {
  physicalIam,
  physicalIamSeries,
  PHYSICAL_IAM_DEFAULTS,
  type PhysicalIamParams,
} from './optics/iam/physical.ts';
export { tabularIam, tabularIamSeries, type TabularIamParams } from './optics/iam/tabular.ts';
export { iamFunction, iamSeries, type IamFunction, type IamModel } from './optics/iam/iamModel.ts';
export { marionDiffuseIam, marionDiffuseIamSeries, type DiffuseIam } from './optics/iam/marionDiffuse.ts';
export { defaultIam } from './optics/iam/defaultIam.ts';
// Spectral correction and precipitable water (issue 3)
export {
  firstSolar,
  firstSolarSeries,
  FIRST_SOLAR_SPECTRAL_COEFFICIENTS,
  type FirstSolarCoefficients,
  type FirstSolarParams,
} from './spectral/firstSolar.ts';
export {
  firstSolarPwat,
  firstSolarPwatSeries,
  type FirstSolarPwatParams,
} from './spectral/firstSolarPwat.ts';
export {
  sandiaSpectral,
  sandiaSpectralSeries,
  type SandiaSpectralParams,
} from './spectral/sandiaSpectral.ts';
export { spectralMonthly, spectralMonthlySeries } from './spectral/spectralMonthly.ts';
export {
  gueymard94Pw,
  gueymard94PwSeries,
  precipitableWaterFromDewPoint,
  precipitableWaterFromDewPointSeries,
} from './spectral/precipitableWater.ts';
// Soiling (issue 3)
export { soiling, soilingSeries, soilingMonthlySeries } from './losses/soiling.ts';
// Bifacial rear irradiance (issue 3)
export {
  marionRearViewFactors,
  REAR_IAM_DEFAULT,
  type MarionRearViewFactors,
  type MarionRowGeometry,
} from './bifacial/marionTables.ts';
export {
  marionRearIrradiance,
  marionRearIrradianceSeries,
  GLASS_DIFFUSE_REFLECTANCE,
  type MarionRearInputs,
  type MarionRearParams,
  type MarionRearResult,
  type MarionRearSeriesInputs,
} from './bifacial/marionRear.ts';
// Time, sun position, extraterrestrial irradiance, air mass (issue 3)
export {
  civilFromDays,
  dayOfYear,
  dayOfYearFromDays,
  dayOfYearSeries,
  daysFromCivil,
  daysInYear,
  epochMsFromCivil,
  isLeapYear,
  julianDay,
  monthFromDays,
  monthSeries,
  parseIsoWithOffset,
  MONTH_ABBREVIATIONS,
  MONTH_KEYS,
  MS_PER_DAY,
  MS_PER_HOUR,
  MS_PER_MINUTE,
} from './time/calendar.ts';
export {
  checkIntervalMinutes,
  midIntervalShiftMs,
  sunInstant,
  sunInstantSeries,
  yearTimestamps,
  type TimestampConvention,
  type TimestampDefinition,
} from './time/weatherTimestamps.ts';
export {
  spa,
  SPA_DEFAULT_ATMOS_REFRACT,
  SPA_DEFAULT_DELTA_T,
  type SpaResult,
  type SpaSite,
} from './solarPosition/spa.ts';
export { spaSeries, type SpaSeriesOut, type SpaSeriesSite } from './solarPosition/spaSeries.ts';
export {
  extraterrestrialSpencer,
  extraterrestrialSpencerSeries,
  SOLAR_CONSTANT,
} from './irradiance/extraterrestrial.ts';
export {
  AIRMASS_MODEL_COEFFICIENTS,
  AIRMASS_ZENITH_LIMIT,
  airmassAbsolute,
  airmassAbsoluteSeries,
  airmassRelative,
  airmassRelativeChain,
  airmassRelativeChainSeries,
  airmassRelativeSeries,
  alt2pres,
  birdHulstrom1981,
  kasten1966,
  kastenYoung1989,
  planeParallelAirmass,
  pres2alt,
  STANDARD_PRESSURE,
  type AirmassModel,
  type AirmassModelType,
} from './atmosphere/airmass.ts';
// Clear sky (issue 3)
export { bird, birdSeries, type BirdAtmosphere, type BirdIrradiance } from './clearSky/bird.ts';
export { haurwitz, haurwitzSeries } from './clearSky/haurwitz.ts';
export { ineichen, ineichenSeries, type ClearSkyIrradiance } from './clearSky/ineichen.ts';
export { simplifiedSolis, simplifiedSolisSeries } from './clearSky/simplifiedSolis.ts';
// Decomposition and its reverse (issue 3)
export {
  clearnessIndex,
  clearnessIndexZenithIndependent,
  MAX_ZENITH,
  MIN_COS_ZENITH,
} from './irradiance/decomposition/clearnessIndex.ts';
export {
  erbs,
  erbsDiffuseFraction,
  erbsSeries,
  type Decomposition,
  type DecompositionLimits,
} from './irradiance/decomposition/erbs.ts';
export {
  reindl,
  reindlDiffuseFraction,
  reindlSeries,
  type ReindlParams,
  type ReindlVariant,
} from './irradiance/decomposition/reindl.ts';
export {
  disc,
  DISC_MAX_AIRMASS,
  DISC_SOLAR_CONSTANT,
  type DiscParams,
} from './irradiance/decomposition/disc.ts';
export {
  dirint,
  dirintPrecipitableWater,
  dirintSeries,
  type DirintParams,
  type DirintSeriesInput,
  type DirintWaterSource,
} from './irradiance/decomposition/dirint.ts';
export {
  gtiDirintSeries,
  gtiDirintWork,
  type GtiDirintInput,
  type GtiDirintParams,
  type GtiDirintWork,
  type TranspositionCallback,
} from './irradiance/decomposition/gtiDirint.ts';
export {
  decomposeSeries,
  type DecomposeInput,
  type DecompositionChoice,
} from './irradiance/decomposition/decompose.ts';
// Geometry, mounting and trackers (issue 3)
export { aoi, aoiProjection, aoiSeries } from './geometry/aoi.ts';
export { fixedTilt, fixedTiltSeries, type FixedTiltResult } from './mounting/fixedTilt.ts';
export { seasonalTilt, seasonalTiltSeries } from './mounting/seasonalTilt.ts';
export {
  singleAxis,
  singleAxisSeries,
  type MountingSeriesOut,
  type SingleAxisParams,
  type SingleAxisResult,
} from './mounting/singleAxis.ts';
export { trackerSeries, type TrackerControl, type TrackerParams, type WindStow } from './mounting/tracker.ts';
export { axisTiltOnSlope, crossAxisTilt } from './mounting/crossAxisTilt.ts';
// Transposition (issue 3)
export { isotropic, isotropicSeries } from './irradiance/transposition/isotropic.ts';
export { haydavies, haydaviesSeries, type HayDaviesResult } from './irradiance/transposition/haydavies.ts';
export { perez, perezSeries, type PerezResult } from './irradiance/transposition/perez.ts';
export {
  PEREZ_COEFFICIENTS,
  PEREZ_EPSILON_BINS,
  PEREZ_MODELS,
  type PerezModel,
} from './irradiance/transposition/perezCoefficients.ts';
export { klucher } from './irradiance/transposition/klucher.ts';
export { reindlTransposition } from './irradiance/transposition/reindl.ts';
export { groundReflected, groundReflectedSeries } from './irradiance/transposition/groundReflected.ts';
export {
  totalIrradiance,
  type SkyDiffuseModel,
  type TotalIrradianceResult,
} from './irradiance/transposition/totalIrradiance.ts';
export {
  planeOfArraySeries,
  preparePlaneOfArray,
  type CircumsolarTreatment,
  type HorizonOptions,
  type PlaneOfArrayInputs,
  type PlaneOfArrayOptions,
  type PlaneOfArrayOutputs,
  type PreparedPlaneOfArray,
  type RowShadingOptions,
  type Transposition,
} from './irradiance/transposition/planeOfArray.ts';
// Horizon and near shading (issue 3)
export {
  horizonBeamFactor,
  horizonElevation,
  horizonIsotropicFactor,
  horizonIsotropicTable,
  horizonSkyViewFactor,
  horizonTable,
  type HorizonPoint,
  type HorizonTable,
} from './shading/horizon.ts';
export { rowShadedFraction, rowShadedFractionSeries } from './shading/rowShading.ts';
export {
  electricalShadingFactor,
  electricalShadingFactorSeries,
  SHADED_UNIT_THRESHOLD,
  type ElectricalShading,
} from './shading/electricalShading.ts';
export {
  schaarPanchula,
  schaarPanchulaSeries,
  schaarPanchulaTable,
  type RotationTable,
  type SchaarPanchulaParams,
} from './shading/schaarPanchula.ts';
export {
  groundShading,
  groundShadingSeries,
  type GroundShadingParams,
  type GroundShadingResult,
} from './shading/groundShading.ts';
// The optics chain: weather → effective irradiance, front and rear (issue 3)
export {
  AirMassModelType,
  DCFieldBacktrackingType,
  DCFieldTrackingTypeEnum,
  DiffuseDirectDecompModelType,
  DiffuseShadingModel,
  DirectBeamShadingModel,
  IncidenceAngleModelType,
  ModuleOrientation,
  ModuleShadingResponse,
  SoilingModelType,
  SpectralResponseEnum,
  SpectralShiftModel,
  SpectralWeatherType,
  TranspositionModelType,
  type BeamShadingChoice,
  type BifacialChoice,
  type DecompositionModelChoice,
  type DiffuseIamChoice,
  type IamChoice,
  type MountingChoice,
  type OpticsChoices,
  type OpticsGeometry,
  type OpticsSite,
  type SoilingChoice,
  type SpectralChoice,
  type TranspositionChoice,
  type WindStowChoice,
} from './chain/choices.ts';
export {
  allocateOptics,
  OPTICS_COLUMNS,
  type OpticsColumn,
  type OpticsSeries,
  type OpticsWeather,
} from './chain/opticsSeries.ts';
export { prepareOptics, type PreparedOptics } from './chain/prepareOptics.ts';
export { DEFAULT_TEMP_AIR, runOptics, sharedOpticsColumns } from './chain/optics.ts';
// Cell temperature (issue 4)
export {
  faiman,
  faimanSeries,
  heatBalanceCell,
  heatBalanceCellSeries,
  moduleFromCellTemperature,
  moduleFromCellTemperatureSeries,
  type HeatBalanceParams,
} from './temperature/heatBalance.ts';
export {
  cellFromModuleTemperature,
  cellFromModuleTemperatureSeries,
  sapmCell,
  sapmCellSeries,
  sapmModule,
  type SapmTemperatureParams,
} from './temperature/sapm.ts';
export { noctSam, noctSamSeries, noctStandoffAdjustment, type NoctSamParams } from './temperature/noctSam.ts';
export {
  cellTemperatureModelFromFields,
  cellTemperatureSeries,
  type CellTemperatureInputs,
  type CellTemperatureModel,
  type ThermalFields,
} from './temperature/cellTemperature.ts';
// Module: single diode (CEC, De Soto, PVsyst forms), MPP, losses, strings (issue 4)
export { lambertW0, lambertW0Exp } from './module/lambertW.ts';
export {
  ivCurve,
  singleDiode,
  singleDiodeCurrent,
  singleDiodeVoltage,
  type SingleDiodeParams,
  type SingleDiodeResult,
} from './module/singleDiode.ts';
export {
  BOLTZMANN_EV,
  calcparamsCec,
  calcparamsDesoto,
  KELVIN,
  type CecParams,
  type DesotoParams,
} from './module/desoto.ts';
export {
  calcparamsPvsyst,
  pvsystReference,
  pvsystShuntResistance,
  type PvsystParams,
} from './module/pvsyst.ts';
export {
  moduleMpp,
  moduleMppSeries,
  moduleParams,
  type ModuleConditions,
  type ModuleModel,
  type ModuleMppSeriesOut,
  type ModuleOptions,
} from './module/moduleModel.ts';
export { pvsystParamsFromModule, type ModuleDiodeFields } from './module/moduleFields.ts';
export {
  bandgapForTechnology,
  parsePanFile,
  parsePvsystText,
  pvsystParamsFromPan,
  type PanModule,
  type PanObject,
} from './module/panFile.ts';
export { pvwattsDc, pvwattsDcSeries, type PvwattsDcParams } from './module/pvwatts.ts';
export {
  dcLossFactors,
  dcWiringResistance,
  lossFactor,
  stringWiringResistance,
  type DcLossFactors,
  type DcLossInputs,
} from './module/dcLosses.ts';
export { metastabilityVoltageScale, metastabilityVoltageScaleSeries } from './module/metastability.ts';
export { dcFieldFromModule, dcFieldFromModuleSeries, type DcFieldWiring } from './module/strings.ts';
// Weather-file parsers (issue 6 input)
export {
  REQUIRED_SERIES,
  WEATHER_DATA_PROVIDER,
  WEATHER_FILE_COLUMN_TYPE,
  WEATHER_PARSE_DEFAULTS,
  WEATHER_SERIES_UNITS,
  WEATHER_TIMESTAMP_DEFINITION,
  WeatherParseError,
  type WeatherColumnInfo,
  type WeatherData,
  type WeatherFileFormat,
  type WeatherMeta,
  type WeatherParseOptions,
  type WeatherSeriesKey,
  type WeatherWarning,
} from './weather/types.ts';
export { detectWeatherFormat, parseWeather } from './weather/parseWeather.ts';
export { parseTmy3 } from './weather/tmy3.ts';
export { parseTmy2 } from './weather/tmy2.ts';
export { parseEpw } from './weather/epw.ts';
export { parsePsm, parsePsmTable } from './weather/psm.ts';
export { parsePvgisCsv } from './weather/pvgis.ts';
export { parsePvgisJson } from './weather/pvgisJson.ts';
export { parseSolarAnywhere } from './weather/solarAnywhere.ts';
export { parseSurfrad } from './weather/surfrad.ts';
// Inverter (issue 4)
export {
  sandiaInverter,
  sandiaInverterSeries,
  sandiaDcPower,
  type SandiaInverterParams,
} from './inverter/sandia.ts';
export {
  pvwattsInverter,
  pvwattsInverterSeries,
  PVWATTS_ETA_INV_REF,
  type PvwattsInverterParams,
} from './inverter/pvwatts.ts';
export {
  efficiencyCurveEfficiency,
  efficiencyCurveInverter,
  efficiencyCurveInverterSeries,
  prepareEfficiencyCurves,
  type EfficiencyCurve,
  type EfficiencyCurveParams,
  type EfficiencyPoint,
  type EfficiencyPowerBasis,
} from './inverter/efficiencyCurves.ts';
export {
  CEC_POWER_LEVELS,
  fitSandiaInverter,
  sandiaEfficiency,
  sandiaEfficiencyCurves,
} from './inverter/sandiaFit.ts';
export {
  dcOperatingPoint,
  DEFAULT_VMP_VOC_RATIO,
  INVERTER_REGION,
  type DcInputLimits,
  type InverterRegion,
} from './inverter/operatingPoint.ts';
export {
  inverterApparentPowerLimit,
  inverterSetpoint,
  pqActivePowerLimit,
  reactivePowerCapability,
  type KvaCurve,
  type KvaElevationMode,
  type KvaPoint,
  type PqCurve,
  type PqPoint,
} from './inverter/acLimit.ts';
export {
  inverterOutput,
  inverterSeries,
  type InverterEfficiencyModel,
  type InverterInputs,
  type InverterKvaOptions,
  type InverterOutputs,
  type InverterParams,
  type InverterStep,
} from './inverter/inverter.ts';
export { parseOndFile, type OndInverter } from './inverter/ondFile.ts';
export { inverterKva, type InverterKvaFields } from './inverter/inverterKva.ts';
// Plant AC side (issue 4)
export {
  matchedTransformerRating,
  transformerLoss,
  transformerSeries,
  type TransformerParams,
} from './plant/transformer.ts';
export {
  acCollectionLoss,
  auxiliaryLoad,
  trackerMotorPower,
  type AcCollectionModel,
  type AuxiliaryLoadParams,
} from './plant/auxiliaryLoads.ts';
export { apparentPower, reactivePower } from './plant/powerFactor.ts';
export {
  conductorResistance,
  defaultLineResistance,
  lineCurrent,
  lineLoss,
  linePhaseResistance,
  LINE_CURRENT_HIGH,
  LINE_CURRENT_LOW,
  LINE_CURRENT_MARGIN,
  LINE_RESISTANCE_AT_1200_A,
  LINE_RESISTANCE_AT_145_A,
  LINE_RESISTANCE_LENGTH,
  LINE_RESISTANCE_POLYNOMIAL,
  type LineParams,
} from './plant/transmissionLine.ts';
export { arrayAc, arrayAcSeries, type ArrayAcOutputs, type ArrayAcParams } from './plant/array.ts';
export {
  plantAc,
  plantAcSeries,
  plantElementsFromSpec,
  preparePlantAc,
  type PlantAcElement,
  type PlantAcOutputs,
  type PlantAcParams,
  type PreparedPlantAc,
  type ResolvedPlantElement,
} from './plant/plant.ts';
// Energy storage (issue 4)
export {
  essDegradedValue,
  essFactor,
  essHoursAtFullLoad,
  essNameplateCapacity,
  essUsableCapacity,
} from './storage/essFormulas.ts';
export {
  customDispatchFromSpec,
  dispatchTableFromSpec,
  essDispatchSeries,
  essInitialState,
  ESS_CHARGE_ALGORITHMS,
  ESS_COMMAND,
  type EssChargeAlgorithm,
  type EssCoupling,
  type EssInputs,
  type EssOptions,
  type EssOutputs,
  type EssParams,
  type EssState,
} from './storage/dispatch.ts';
// Lifetime: degradation, LeTID, energization and the year repeater (issue 4)
export { prepareAnnualRates, type AnnualRate, type PreparedAnnualRates } from './lifetime/annualRates.ts';
export {
  DEGRADATION_MODEL,
  DEGRADATION_MODEL_NAMES,
  degradationApplication,
  degradationFactor,
  degradationForDcField,
  degradationFromPrediction,
  degradationLoss,
  degradationYearMean,
  prepareDegradation,
  type Degradation,
  type PreparedDegradation,
} from './lifetime/degradation.ts';
export {
  letidFactor,
  letidLoss,
  letidYearMean,
  prepareLetid,
  type Letid,
  type PreparedLetid,
} from './lifetime/letid.ts';
export {
  decimalYear,
  lifetimeFactorsSeries,
  prepareLifetime,
  prepareYearRepeater,
  yearStartInstant,
  type LifetimeFactorsOutputs,
  type LifetimeParams,
  type PreparedLifetime,
  type YearRepeaterPlan,
} from './lifetime/yearRepeater.ts';
// Results: uncertainty and P-values, loss tree, result summary (issue 4)
export {
  combinedUncertainty,
  inverseNormalCdf,
  P_VALUES,
  pValue,
  pValueFactor,
  resultSummaryUncertainty,
  UNCERTAINTY_DEFAULTS,
  type UncertaintyComponents,
} from './results/uncertainty.ts';
export {
  accumulateLossTree,
  createLossTree,
  LOSS_TREE_STAGES,
  lossTree,
  lossTreeChain,
  lossTreeEnergies,
  resetLossTree,
  type LossField,
  type LossTree,
  type LossTreeAccumulator,
  type LossTreeChain,
  type LossTreeColumns,
  type LossTreeEnergies,
} from './results/lossTree.ts';
export {
  blockResultSummaryYear,
  capacityFactor,
  G_STC,
  performanceRatio,
  predictionResultSummaryFields,
  predictionResultSummaryYear,
  specificYield,
  summaryFactors,
  type SummaryYearParams,
} from './results/summary.ts';
export type {
  BlockResultSummaryYear,
  BlockSummaryFactor,
  MonthlyFactorsResult,
  MonthlySum,
  MonthlySums,
  PredictionResultSummaryYear,
  SummaryFactor,
  TTLResultSummary,
} from './results/summaryTypes.ts';
export { syntheticLossTreeColumns, type SyntheticLosses } from './results/syntheticColumns.ts';
// Component libraries and the whole-plant simulation (issue 4)
export {
  findCecRecord,
  LibraryLookupError,
  LibraryParseError,
  normaliseLibraryName,
  parseCecInverterLibrary,
  parseCecModuleLibrary,
  type CecInverterRecord,
  type CecLibrary,
  type CecModuleRecord,
  type LibraryWarning,
} from './library/cecCsv.ts';
export {
  cecInverterRecord,
  cecModuleRecord,
  DEFAULT_CEC_INVERTER_LISTS,
  DEFAULT_CEC_MODULE_LISTS,
} from './library/cecRecords.ts';
export type {
  ArrayInput,
  BlockInput,
  DcFieldInput,
  InverterInput as InverterRecordInput,
  InverterNodeInput,
  LibraryReference,
  ModuleInput,
  PowerPlantInput,
  PredictionInput,
  ProjectInput,
  SimulationCase,
} from './simulate/caseTypes.ts';
export {
  CircumsolarTreatmentType,
  DcWiringLossModel,
  DegradationModel,
  ESSChargeAlgorithm,
  InverterEfficiencyModelType,
  ModuleTemperatureModelType,
  PvModelType,
} from './simulate/enums.ts';
export { CaseValidationError } from './simulate/read.ts';
export {
  caseLibraryFiles,
  caseLibraryNames,
  type CaseLibraries,
  type CaseLibraryName,
} from './simulate/libraryRefs.ts';
export { cecListRows } from './library/cecRows.ts';
export { resolveCase, weatherFacts, type ResolvedCase } from './simulate/resolveCase.ts';
export { simulate, type SimulateOptions, type SimulationResult } from './simulate/simulate.ts';
export type { DcFieldResult } from './simulate/dcField.ts';
export type { ArrayResult, InverterResult } from './simulate/nodes.ts';
export type { BlockResult, PlantYearColumns } from './simulate/year.ts';
export type { PlantStages } from './simulate/stages.ts';
export { isoLocal, type ResultSummary, type YearEnergies } from './simulate/summary.ts';
export { hourlyColumns, HOURLY_COLUMNS, type HourlyColumn } from './simulate/hourly.ts';
