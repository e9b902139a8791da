/**
 * Every enumeration of spec 1 §3 and of the spec 3 enum catalog, as served by `GET /definitions`
 * (`[{type, values: [{id, name, label?, aliases?}]}]`, spec 4 §1), with typed constant objects for the
 * ones code uses. Where spec 1-2 and spec 3 differ, spec 1-2 win and spec 3's names stay as aliases
 * (see enums/types.ts for what `name`, `label` and `aliases` hold).
 */
import * as account from './enums/account.ts';
import * as models from './enums/models.ts';
import * as modules from './enums/module.ts';
import * as plant from './enums/plant.ts';
import * as results from './enums/results.ts';
import * as status from './enums/status.ts';
import { enumConstants, type Definition, type DefinitionSpec, type DefinitionValue } from './enums/types.ts';
import * as weather from './enums/weather.ts';

export type { Definition, DefinitionSpec, DefinitionValue, EnumConstants, EnumId } from './enums/types.ts';
export { enumConstants } from './enums/types.ts';

const ALL = [
  ...account.ACCOUNT_DEFINITIONS,
  ...status.STATUS_DEFINITIONS,
  ...modules.MODULE_DEFINITIONS,
  ...models.MODEL_DEFINITIONS,
  ...plant.PLANT_DEFINITIONS,
  ...weather.WEATHER_DEFINITIONS,
  ...results.RESULT_DEFINITIONS,
] as const;

type AnyDefinition = (typeof ALL)[number];
export type DefinitionType = AnyDefinition['type'];

/** Every definition by its type name, e.g. `DEFINITIONS.PredictionStatusEnum.values`. */
export const DEFINITIONS = Object.freeze(Object.fromEntries(ALL.map((d) => [d.type, d]))) as {
  readonly [D in AnyDefinition as D['type']]: D;
};

const byType = new Map<string, DefinitionSpec>();
for (const definition of ALL as readonly DefinitionSpec[]) {
  for (const name of [definition.type, ...(definition.aliases ?? [])])
    byType.set(name.toLowerCase(), definition);
}

function present(definition: DefinitionSpec): Definition {
  const out: Definition = {
    type: definition.type,
    values: definition.values.map((value) => ({
      id: value.id,
      name: value.name,
      ...(value.label !== undefined ? { label: value.label } : {}),
      ...(value.aliases?.length ? { aliases: [...value.aliases] } : {}),
    })),
  };
  if (definition.aliases?.length) out.aliases = [...definition.aliases];
  return out;
}

/** Every enumeration, fresh copies in the `GET /definitions` shape. */
export function definitionsCatalog(): Definition[] {
  return (ALL as readonly DefinitionSpec[]).map(present);
}

/** One enumeration by type name or alias, case-insensitively (`?type=` of `GET /definitions`). */
export function findDefinition(type: string): Definition | undefined {
  const definition = byType.get(type.trim().toLowerCase());
  return definition ? present(definition) : undefined;
}

/** A value of an enumeration by id, or by name, label, alias or constant key (case-insensitive). */
export function definitionValue(type: string, idOrName: number | string): DefinitionValue | undefined {
  const definition = byType.get(type.trim().toLowerCase());
  if (!definition) return undefined;
  if (typeof idOrName === 'number') return definition.values.find((v) => v.id === idOrName);
  const wanted = idOrName.trim().toLowerCase();
  return definition.values.find((v) =>
    [v.name, v.label, v.key, ...(v.aliases ?? [])].some((n) => n !== undefined && n.toLowerCase() === wanted),
  );
}

/** What users see for a value (its label, else its name); undefined for an unknown id. */
export function definitionLabel(type: string, id: number | null | undefined): string | undefined {
  if (id === null || id === undefined) return undefined;
  const value = definitionValue(type, id);
  return value ? (value.label ?? value.name) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Typed constants. `{Name: id}`; a few carry the SCREAMING names spec 1 §3 uses as well.

export const BILLING_PERIOD = enumConstants(account.BillingPeriodEnum);
export const COMPANY_TYPE = enumConstants(account.CompanyTypeEnum);
export const COMPANY_STATUS = enumConstants(account.CompanyStatusEnum);
export const USER_STATUS = enumConstants(account.UserStatusEnum);
export const UNIT_SYSTEM = enumConstants(account.UnitSystemEnum);
export const NOTIFICATION_TYPE = enumConstants(account.NotificationTypeEnum);
export const WEATHER_VENDOR = enumConstants(account.WeatherVendorEnum);
export const RESPONSE_MESSAGE_TYPE = enumConstants(account.ResponseMessageType);

export const ASSET_TYPE = enumConstants(status.AssetTypeEnum);
export const ENTITY_TYPE = enumConstants(status.EntityType);
export const ASSET_STATUS = {
  ...enumConstants(status.LibraryStatusEnum),
  UNKNOWN: 0,
  DRAFT_PRIVATE: 1,
  DRAFT_SHARED: 2,
  STRING_SIZING: 10,
} as const;
export const PROJECT_STATUS = enumConstants(status.ProjectStatusEnum);
export const PREDICTION_STATUS = {
  ...enumConstants(status.PredictionStatusEnum),
  DRAFT_PRIVATE: 1,
  DRAFT_SHARED: 2,
  STRING_SIZING: 10,
} as const;
export const PROCESSING_STATUS = enumConstants(status.ProcessingStatusEnum);
export const DOWNLOAD_STATUS = enumConstants(status.DownloadStatusEnum);
export const PREDICTION_VERSION = enumConstants(status.PredictionVersionEnum);

export const CELL_TECHNOLOGY = enumConstants(modules.CellTechnologyTypeEnum);
export const CONSTRUCTION_TYPE = enumConstants(modules.ConstructionTypeEnum);
export const CELL_DESIGN = enumConstants(modules.CellDesignType);
export const FACIALITY = enumConstants(modules.FacialityEnum);
export const PV_MODEL = enumConstants(modules.PvModelType);
export const MODULE_SHADING_RESPONSE = enumConstants(modules.ModuleShadingResponse);
export const SPECTRAL_RESPONSE = enumConstants(modules.SpectralResponseEnum);
export const MODULE_DEGRADATION_MODEL = enumConstants(modules.ModuleDegradationModel);
export const MODULE_ORIENTATION = enumConstants(modules.ModuleOrientation);
export const DATA_SOURCE_TYPE = enumConstants(modules.DataSourceType);
export const INVERTER_TYPE = enumConstants(modules.InverterType);

export const TRANSPOSITION_MODEL = enumConstants(models.TranspositionModelType);
export const DIFFUSE_DECOMPOSITION_MODEL = enumConstants(models.DiffuseDirectDecompModelType);
export const AIR_MASS_MODEL = enumConstants(models.AirMassModelType);
export const MODULE_TEMPERATURE_MODEL = enumConstants(models.ModuleTemperatureModelType);
export const IAM_MODEL = enumConstants(models.IncidenceAngleModelType);
export const DIRECT_BEAM_SHADING_MODEL = enumConstants(models.DirectBeamShadingModel);
export const DIFFUSE_SHADING_MODEL = enumConstants(models.DiffuseShadingModel);
export const SOILING_MODEL = enumConstants(models.SoilingModelType);
export const SPECTRAL_SHIFT_MODEL = enumConstants(models.SpectralShiftModel);
export const DEGRADATION_MODEL = enumConstants(models.DegradationModel);
export const DEFAULT_DEGRADATION = enumConstants(models.DefaultDegradation);

export const TRACKING_TYPE = enumConstants(plant.DCFieldTrackingTypeEnum);
export const BACKTRACKING_TYPE = enumConstants(plant.DCFieldBacktrackingType);
export const SHADE_ALGORITHM = enumConstants(plant.ShadeAlgorithm);
export const TIME_SERIES_TYPE = enumConstants(plant.TimeSeriesType);
/** Spec 1's name for the time series types. */
export const LIMIT_TYPE = TIME_SERIES_TYPE;
export const BATCH_STEP_VARIABLE = enumConstants(plant.BatchStepVariableTypeEnum);
export const WEATHER_TIMESTAMP_DEFINITION = enumConstants(weather.WeatherTimestampDefinitionEnum);
export const ASHRAE_VERSION = enumConstants(weather.AshraeVersionEnum);
export const ESS_CHARGE_ALGORITHM = enumConstants(plant.ESSChargeAlgorithm);
export const DC_FIELD_OBJECT_SIDE = enumConstants(plant.DCFieldObjectSide);

export const SHADE_RESULT_KIND = enumConstants(results.ShadeResultTypeEnum);
export const TIME_STEP = enumConstants(results.TimeStepEnum);
export const RESULT_GRANULARITY = enumConstants(results.ResultGranularityEnum);
export const BATCH_EXPORT_TYPE = enumConstants(results.BatchExportTypeEnum);

export type ProjectStatus = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];
export type PredictionStatus = (typeof PREDICTION_STATUS)[keyof typeof PREDICTION_STATUS];
export type AssetStatus = (typeof ASSET_STATUS)[keyof typeof ASSET_STATUS];
export type ProcessingStatus = (typeof PROCESSING_STATUS)[keyof typeof PROCESSING_STATUS];
export type NotificationType = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];
export type UnitSystemId = (typeof UNIT_SYSTEM)[keyof typeof UNIT_SYSTEM];

// ---------------------------------------------------------------------------------------------
// Status sets of spec 1 §4.

/** Draft prediction statuses: editable; any other status makes a prediction read-only. */
export const PREDICTION_DRAFT_STATUSES = [
  PREDICTION_STATUS.DRAFT_PRIVATE,
  PREDICTION_STATUS.DRAFT_SHARED,
  PREDICTION_STATUS.STRING_SIZING,
] as const satisfies readonly PredictionStatus[];

export function isDraftPredictionStatus(value: number | null | undefined): boolean {
  return (PREDICTION_DRAFT_STATUSES as readonly number[]).includes(value as number);
}

/** Assets (weather, modules, inverters) in these statuses are editable and deletable. */
export const ASSET_EDITABLE_STATUSES = [
  ASSET_STATUS.UNKNOWN,
  ASSET_STATUS.DRAFT_PRIVATE,
  ASSET_STATUS.DRAFT_SHARED,
] as const satisfies readonly AssetStatus[];

export function isAssetStatusEditable(value: number | null | undefined): boolean {
  return (ASSET_EDITABLE_STATUSES as readonly number[]).includes(value as number);
}

/** Editable statuses plus string sizing, which is deletable but not editable. */
export function isAssetStatusDeletable(value: number | null | undefined): boolean {
  return isAssetStatusEditable(value) || value === ASSET_STATUS.STRING_SIZING;
}
