/**
 * Library entities (spec 3 `Module`, `Inverter` field names) from the CEC lists, PVsyst files and the
 * defaults of a new asset. The physics lives in the engine (records, fits, file readers); this file
 * only adds what the library needs around it: the model name, the source, the efficiency curves and
 * the flat kVA curve of a CEC inverter.
 */
import type { CecInverterRecord, CecModuleRecord } from '@sunfield/engine/library/cecCsv.ts';
import { cecInverterRecord, cecModuleRecord } from '@sunfield/engine/library/cecRecords.ts';
import { sandiaEfficiencyCurves } from '@sunfield/engine/inverter/sandiaFit.ts';
import type { OndInverter } from '@sunfield/engine/inverter/ondFile.ts';
import { pvsystParamsFromPan, type PanModule } from '@sunfield/engine/module/panFile.ts';

export type Entity = Record<string, unknown>;

/** The model of a CEC name: the name without its leading manufacturer (and a following ':'). */
export function modelFromName(name: string, manufacturer: string | null | undefined): string {
  if (manufacturer && name.toLowerCase().startsWith(manufacturer.toLowerCase())) {
    const rest = name
      .slice(manufacturer.length)
      .replace(/^[\s:_-]+/, '')
      .trim();
    if (rest) return rest;
  }
  return name;
}

/** The manufacturer of a CEC inverter name, written "Manufacturer: Model [Vac]". */
export function inverterManufacturer(name: string): string | null {
  const colon = name.indexOf(':');
  return colon > 0 ? name.slice(0, colon).trim() : null;
}

/** Defaults of a new module record (spec 1 §3 "Defaults for a new PV module"). */
export const MODULE_RECORD_DEFAULTS: Entity = {
  referenceIrradiance: 1000,
  referenceTemperature: 25,
  useDefaultSandiaIAM: true,
  useDefaultTabularIAM: true,
  ashraeiamB0: 0.05,
  useAntiReflectiveCoating: true,
  refractiveIndex: 1.526,
  refractiveIndexOfARC: 1.29,
  glazingExtinctionCoef: 4,
  glazingThickness: 0.002,
  electricalShadingInputTable: [],
  nonLinearDegradationRates: [],
};

/**
 * A module of the CEC list: the engine's record (CEC six-parameter fit in `cecParameters`, STC
 * ratings, coefficients, dimensions) with the model name and the new-module defaults around it.
 */
export function moduleFromCec(m: CecModuleRecord): Entity {
  const record = cecModuleRecord(m);
  return {
    ...MODULE_RECORD_DEFAULTS,
    ...record,
    model: modelFromName(m.name, m.manufacturer),
    dataSource: 5,
  };
}

/** Temperatures of the flat kVA curve of a CEC inverter [°C]. */
const FLAT_KVA_TEMPERATURES = [-40, 60] as const;

/**
 * A CEC inverter: the engine's record (Sandia coefficients, ratings, DC limits), efficiency curves at
 * the minimum MPPT, nominal (Vdco) and maximum MPPT voltages derived from the Sandia coefficients,
 * and a flat kVA curve at the rated power.
 */
export function inverterFromCec(v: CecInverterRecord): Entity {
  const record = cecInverterRecord(v);
  const manufacturer = inverterManufacturer(v.name);
  const voltages = [v.mpptLow, v.vdco, v.mpptHigh].filter((x) => Number.isFinite(x) && x > 0);
  const distinct = [...new Set(voltages)].sort((a, b) => a - b);
  const curves = Array.isArray(record.efficiencyCurves)
    ? record.efficiencyCurves
    : sandiaEfficiencyCurves({ voltages: distinct.length ? distinct : [v.vdco] }, v).filter(
        (curve) => curve.efficiencyPoints.length > 0,
      );
  const kva = v.paco / 1000;
  return {
    ...record,
    manufacturer,
    model: modelFromName(v.name, manufacturer),
    dataSource: 5,
    efficiencyCurves: curves,
    usekVACurves: true,
    kVACurves: Array.isArray(record.kVACurves)
      ? record.kVACurves
      : [
          {
            elevation: 0,
            kVAPoints: FLAT_KVA_TEMPERATURES.map((temperature) => ({ temperature, kVA: kva })),
          },
        ],
    pqCurves: Array.isArray(record.pqCurves) ? record.pqCurves : [],
  };
}

/** spec 3 CellTechnologyTypeEnum of a PVsyst technology (`Technol`). */
function cellTechnologyFromPan(technology: string | undefined): number | null {
  const t = (technology ?? '').toLowerCase();
  if (t.includes('mono')) return 3;
  if (t.includes('poly') || t.includes('multi')) return 5;
  if (t.includes('cdte')) return 6;
  if (t.includes('cis') || t.includes('cigs')) return 7;
  return t ? 8 : null;
}

const finite = (x: number | undefined): x is number => x !== undefined && Number.isFinite(x);

/** A module from a PVsyst .PAN file, spec 3 names (the single-diode model of PVsyst). */
export function moduleFromPan(pan: PanModule, fileName: string): Entity {
  const params = pvsystParamsFromPan(pan);
  const power = pan.pNom ?? (finite(pan.imp) && finite(pan.vmp) ? pan.imp * pan.vmp : undefined);
  const model = pan.model?.trim() || fileName.replace(/\.pan$/i, '');
  const entity: Entity = {
    ...MODULE_RECORD_DEFAULTS,
    name: [pan.manufacturer?.trim(), model].filter(Boolean).join(' ') || 'PAN module',
    manufacturer: pan.manufacturer?.trim() || null,
    model,
    dataSource: 2,
    pvModel: params.pvModel,
    cellTechnologyType: cellTechnologyFromPan(pan.technology),
    faciality: finite(pan.bifacialityFactor) && pan.bifacialityFactor > 0 ? 1 : 0,
    numberOfCellsInSeries: pan.cellsInSeries,
    numberOfCellsInParallel: pan.cellsInParallel ?? 1,
    referenceIrradiance: pan.irradianceRef,
    referenceTemperature: pan.tempRef,
    stcShortCircuitCurrent: pan.isc,
    stcOpenCircuitVoltage: pan.voc,
    shortCircuitCurrentAtSTC: pan.isc,
    saturationCurrentAtSTC: params.iORef,
    seriesResistanceAtSTC: params.rS,
    shuntResistanceAtSTC: params.rShRef,
    darkShuntResistance: params.rSh0,
    exponentialDependencyOnShuntResistance: params.rShExp,
    diodeIdealityFactorAtSTC: params.gammaRef,
    linearTempDependenceOnGamma: params.muGamma,
    linearTempDependenceOnIsc: (100 * pan.muIsc) / pan.isc,
    stcShortCircuitCurrentTempCoef: (100 * pan.muIsc) / pan.isc,
    bandgapVoltage: params.egRef,
    recombinationParameter: params.d2MuTau,
    builtInVoltage: params.builtInVoltage,
  };
  if (finite(power)) entity.stcMaxPower = power;
  if (finite(pan.imp)) entity.stcmppCurrent = pan.imp;
  if (finite(pan.vmp)) entity.stcmppVoltage = pan.vmp;
  if (finite(pan.muVoc)) entity.stcOpenCircuitVoltageTempCoef = (100 * pan.muVoc) / pan.voc;
  if (finite(pan.muPmp)) entity.stcPowerTempCoef = pan.muPmp;
  if (finite(pan.absorb)) entity.heatAbsorptionCoefAlphaT = pan.absorb;
  if (finite(pan.bifacialityFactor) && pan.bifacialityFactor > 0)
    entity.bifacialityFactor = pan.bifacialityFactor;
  // PVsyst dimensions are in metres; spec 3 lengths are in millimetres.
  if (finite(pan.height)) entity.length = 1000 * pan.height;
  if (finite(pan.width)) entity.width = 1000 * pan.width;
  if (finite(power) && finite(pan.height) && finite(pan.width) && pan.height * pan.width > 0) {
    entity.stcEfficiency = power / (10 * pan.height * pan.width);
  }
  if (pan.iam && pan.iam.angles.length) {
    entity.iamFactors = pan.iam.angles.map((incidenceAngle, i) => ({
      incidenceAngle,
      factor: pan.iam!.factors[i],
    }));
    entity.useDefaultTabularIAM = false;
  }
  return entity;
}

/** An inverter from a PVsyst .OND file, spec 3 names. */
export function inverterFromOnd(ond: OndInverter, fileName: string): Entity {
  const model = ond.model?.trim() || fileName.replace(/\.ond$/i, '');
  const manufacturer = ond.manufacturer?.trim() || null;
  const entity: Entity = {
    name: [manufacturer, model].filter(Boolean).join(' ') || 'OND inverter',
    manufacturer,
    model,
    dataSource: 2,
    powerRated: ond.powerRated,
    apparentPower: ond.apparentPower,
    minDCPowerThreshold: ond.minDCPowerThreshold,
    minVoltage: ond.minVoltage,
    maxMPPVoltage: ond.maxMPPVoltage,
    maxAbsoluteVoltage: ond.maxAbsoluteVoltage,
    outputVoltage: ond.outputVoltage,
    efficiencyCurves: ond.efficiencyCurves,
    usekVACurves: ond.kVACurves.length > 0,
    kVACurves: ond.kVACurves,
    usePQCurves: false,
    pqCurves: [],
  };
  if (Number.isFinite(ond.maxCurrent)) entity.maxCurrent = ond.maxCurrent;
  // Values the OND file did not give (NaN) are left out rather than stored as null.
  for (const [key, value] of Object.entries(entity)) {
    if (typeof value === 'number' && !Number.isFinite(value)) delete entity[key];
  }
  return entity;
}
