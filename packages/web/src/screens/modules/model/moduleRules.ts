/**
 * Module rules the screens apply: the new-module defaults (spec 1 §3), the save rules (spec 1 §5) and
 * the derived area and efficiencies (spec 2 §9.3).
 */
import { ASSET_STATUS, CELL_TECHNOLOGY, CONSTRUCTION_TYPE } from '@sunfield/domain';
import type { ModuleRecord } from './types.ts';

/** ModuleShadingResponse 'Module-file-defined': the user-defined shading table. */
export const USER_DEFINED_SHADING = 5;

const METASTABILITY_DEFAULTS = {
  metastabilityVoltageScaleFactor: 1,
  c0: 0,
  c1: 0,
  c2: 0,
  c3: 0,
  c4: 0,
  c5: 0,
  c6: 0,
  c7: 0,
  c8: 0,
  c9: 0,
  c10: 0,
  c11: 0,
};

/** Light-induced degradation by technology (spec 1 §3); undefined = null. */
function lidFor(technology: number): number | null {
  if (technology === CELL_TECHNOLOGY.NTypeMonoCSi) return 0;
  if (technology === CELL_TECHNOLOGY.PTypeMonoPERC || technology === CELL_TECHNOLOGY.PTypeMonoBSF) return 2.5;
  if (technology === CELL_TECHNOLOGY.PolyPERC || technology === CELL_TECHNOLOGY.PolyBSF) return 1.5;
  if (technology === CELL_TECHNOLOGY.CdTe) return 0;
  return null;
}

/**
 * A new module (spec 1 §3 "Defaults for a new PV module") for a cell technology and construction;
 * `status` is the company default module status when given.
 */
export function newModule(
  technology: number = CELL_TECHNOLOGY.NTypeMonoCSi,
  construction: number = CONSTRUCTION_TYPE.GlassGlass,
  status: number = ASSET_STATUS.DraftPrivate,
): ModuleRecord {
  const glassGlass = construction === CONSTRUCTION_TYPE.GlassGlass;
  const cdte = technology === CELL_TECHNOLOGY.CdTe;
  const cigs = technology === CELL_TECHNOLOGY.CIGS;
  return {
    name: 'New Module',
    status,
    faciality: 0,
    cellTechnologyType: technology,
    constructionType: construction,
    referenceIrradiance: 1000,
    referenceTemperature: 25,
    nominalOperatingCellTemperature: 45,
    heatAbsorptionCoefAlphaT: 0.9,
    useAntiReflectiveCoating: true,
    refractiveIndex: 1.526,
    refractiveIndexOfARC: 1.29,
    glazingExtinctionCoef: 4,
    glazingThickness: 0.002,
    useDefaultSandiaIAM: true,
    useDefaultTabularIAM: true,
    ashraeiamB0: 0.05,
    electricalShadingInputTable: [],
    nonLinearDegradationRates: [],
    isMetastable: false,
    metastabilityProperties: { ...METASTABILITY_DEFAULTS },
    moduleMismatchCoefficient: 1,
    bandgapVoltage: cdte ? 1.5 : cigs ? 1.03 : 1.12,
    pvModel: cdte ? 0 : 1,
    lightInducedDegradation: lidFor(technology),
    cellDesignType: cdte ? 2 : 0,
    electricalShadingFractionalEffect: 100,
    moduleShadingResponse: cdte ? 0 : 3,
    ...(cdte ? { builtInVoltage: 0.9 } : {}),
    heatBalanceConductiveCoef: 29,
    heatBalanceConvectiveCoef: 0,
    cellToModuleTempDiff: 3,
    sandiaConductiveCoef: glassGlass ? -3.47 : -3.56,
    sandiaConvectiveCoef: glassGlass ? -0.0594 : -0.075,
  };
}

/** The fields the server owns; never sent back. */
const SERVER_FIELDS = [
  'id',
  'companyId',
  'company',
  'ownerId',
  'owner',
  'ownerName',
  'isReadOnly',
  'canDelete',
  'createdDate',
  'lastModified',
  'lastModifiedById',
  'lastModifiedBy',
  'note',
];

function omitNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(omitNulls);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) out[k] = omitNulls(v);
    return out;
  }
  return value;
}

/** A module as saved (spec 1 §5): null fields omitted; monofacial drops transmission and bifaciality. */
export function prepareModuleForSave(module: ModuleRecord): ModuleRecord {
  const out = omitNulls(module) as ModuleRecord;
  for (const key of SERVER_FIELDS) delete out[key];
  if ((out.faciality ?? 0) === 0) {
    delete out.transmissionFactor;
    delete out.bifacialityFactor;
  }
  return out;
}

/** `'{name} could not be saved. Shading Table values are required.'` or null (spec 1 §5). */
export function shadingTableError(module: ModuleRecord): string | null {
  if (module.moduleShadingResponse !== USER_DEFINED_SHADING) return null;
  const table = module.electricalShadingInputTable;
  if (Array.isArray(table) && table.length > 0) return null;
  return `${module.name} could not be saved. Shading Table values are required.`;
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * Module area [m²] = width/1000 × length/1000 (spec 2 §9.3). A CEC-list module without dimensions
 * (7,014 of the 16,830 have none) still has its STC efficiency, which the list computed from its
 * area A_c: the area is then max power / efficiency / 10. Null when neither is known.
 */
export function moduleArea(module: ModuleRecord): number | null {
  const width = num(module.width);
  const length = num(module.length);
  if (width !== null && length !== null && width > 0 && length > 0) return (width / 1000) * (length / 1000);
  const power = num(module.stcMaxPower);
  const efficiency = num(module.stcEfficiency);
  return power !== null && efficiency !== null && power > 0 && efficiency > 0
    ? power / efficiency / 10
    : null;
}

/** Efficiency [%] = max power / area / 10 (spec 2 §9.3). */
export function moduleEfficiency(module: ModuleRecord): number | null {
  const area = moduleArea(module);
  const power = num(module.stcMaxPower);
  return area === null || power === null ? null : power / area / 10;
}
