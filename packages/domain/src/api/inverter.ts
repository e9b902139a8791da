/**
 * Inverter API shape (spec 3: Inverter (31 fields), EfficiencyCurve (3), EfficiencyPoint (3),
 * kVACurve (3), kVAPoint (3), PQCurve (3), PQPoint (3)) as zod schemas. Units of spec 4: powers in
 * kW, apparent power in kVA, voltages in V, currents in A, efficiencies in %, temperatures in °C,
 * elevations in m.
 */
import { z } from 'zod';
import { DataSourceType, InverterType } from '../enums/module.ts';
import { LibraryStatusEnum } from '../enums/status.ts';
import type { DefinitionSpec } from '../enums/types.ts';
import { enumOf } from './fields.ts';
import { physical, physicalRequired } from './ranges.ts';

const id = z.union([physicalRequired.recordId(), z.string().max(100)]);
const str = z.string().nullish();
const bool = z.boolean().nullish();
const dateTime = z.string().nullish();

/**
 * The engine's conversion models of an inverter (engine `InverterEfficiencyModelType`; spec 3 does not
 * publish the numbering): bilinear curves 0, Sandia fitted to the curves 1, Sandia coefficients 2
 * (the CEC list), PVWatts 3.
 */
export const INVERTER_EFFICIENCY_MODELS = {
  type: 'InverterEfficiencyModel',
  values: [
    { id: 0, name: 'Bilinear' },
    { id: 1, name: 'Quadratic' },
    { id: 2, name: 'Sandia' },
    { id: 3, name: 'PVWatts' },
  ],
} as const satisfies DefinitionSpec;

/** spec 3 EfficiencyPoint (3): power [kW] and efficiency [%]. */
export const efficiencyPointSchema = z.object({
  id: id.nullish(),
  power: physicalRequired.inverterPowerLevel(),
  efficiency: physicalRequired.percent(),
});
export type EfficiencyPoint = z.infer<typeof efficiencyPointSchema>;

/** spec 3 EfficiencyCurve (3): DC voltage [V] and its points. */
export const efficiencyCurveSchema = z.object({
  id: id.nullish(),
  voltage: physicalRequired.dcVoltage(),
  efficiencyPoints: z.array(efficiencyPointSchema).max(500),
});
export type EfficiencyCurve = z.infer<typeof efficiencyCurveSchema>;

/** spec 3 kVAPoint (3): ambient temperature [°C] and available apparent power [kVA]. */
export const kVAPointSchema = z.object({
  id: id.nullish(),
  temperature: physicalRequired.curveTemperature(),
  kVA: physicalRequired.inverterKva(),
});
export type KVAPoint = z.infer<typeof kVAPointSchema>;

/** spec 3 kVACurve (3): elevation [m] and its points. */
export const kVACurveSchema = z.object({
  id: id.nullish(),
  elevation: physicalRequired.elevation(),
  kVAPoints: z.array(kVAPointSchema).max(500),
});
export type KVACurve = z.infer<typeof kVACurveSchema>;

/** spec 3 PQPoint (3): active power P [kW] and reactive power Q [kvar]. */
export const pqPointSchema = z.object({
  id: id.nullish(),
  activePowerP: physicalRequired.activePower(),
  reactivePowerQ: physicalRequired.reactivePower(),
});
export type PQPoint = z.infer<typeof pqPointSchema>;

/** spec 3 PQCurve (3): ambient temperature [°C] and its capability points. */
export const pqCurveSchema = z.object({
  id: id.nullish(),
  temperature: physicalRequired.curveTemperature(),
  pqPoints: z.array(pqPointSchema).max(500),
});
export type PQCurve = z.infer<typeof pqCurveSchema>;

/**
 * The Sandia inverter model's coefficients (engine `sandiaParameters`, the CEC list's): Paco, Pdco
 * [W], Vdco [V], Pso, Pnt [W], C0 [1/W], C1…C3 [1/V]. Other keys are dropped.
 */
export const sandiaParametersSchema = z.object({
  paco: physical.sandiaPower(),
  pdco: physical.sandiaPower(),
  vdco: physical.dcVoltageLimit(),
  pso: physical.sandiaLoss(),
  c0: physical.sandiaC0(),
  c1: physical.sandiaC(),
  c2: physical.sandiaC(),
  c3: physical.sandiaC(),
  pnt: physical.sandiaLoss(),
});

/**
 * spec 3 Inverter (31), in spec order, plus the engine's library fields at the end. Each number has
 * its physical range (`ranges.ts`), each enumeration its members.
 */
export const inverterSchema = z.object({
  id: id.nullish(),
  name: z.string().trim().min(1).max(200),
  description: str,
  companyId: id.nullish(),
  company: z.unknown().optional(),
  ownerId: id.nullish(),
  owner: z.unknown().optional(),
  createdDate: dateTime,
  lastModified: dateTime,
  lastModifiedById: id.nullish(),
  lastModifiedBy: z.unknown().optional(),
  status: enumOf(LibraryStatusEnum),
  model: str,
  manufacturer: str,
  /** rated AC power [kW] */
  powerRated: physical.inverterPower(),
  /** apparent-power rating [kVA] */
  apparentPower: physical.inverterApparentPower(),
  /** start threshold [kW] */
  minDCPowerThreshold: physical.inverterPowerLevel(),
  /** MPPT window and absolute limit [V] */
  minVoltage: physical.dcVoltage(),
  maxMPPVoltage: physical.dcVoltageLimit(),
  maxAbsoluteVoltage: physical.dcVoltageLimit(),
  /** maximum DC current [A] */
  maxCurrent: physical.dcCurrent(),
  /** [m] */
  maxElevation: physical.elevation(),
  /** AC output voltage [V] */
  outputVoltage: physical.acVoltage(),
  usekVACurves: bool,
  usePQCurves: bool,
  dataSource: enumOf(DataSourceType),
  efficiencyCurves: z.array(efficiencyCurveSchema).max(20).nullish(),
  kVACurves: z.array(kVACurveSchema).max(50).nullish(),
  pqCurves: z.array(pqCurveSchema).max(50).nullish(),
  /** [kW] */
  tempCorrectedPowerMax: physical.inverterPowerLevel(),
  inverterType: enumOf(InverterType),
  // Engine library fields outside spec 3: efficiency model, Sandia coefficients, night tare.
  inverterEfficiencyModel: enumOf(INVERTER_EFFICIENCY_MODELS),
  sandiaParameters: sandiaParametersSchema.nullish(),
  /** night consumption [W] */
  nightTare: physical.nightTare(),
});
export type Inverter = z.infer<typeof inverterSchema>;

/** Body of POST/PUT /Inverter: the inverter without id, status and ownership. */
export const inverterSaveSchema = inverterSchema.omit({
  id: true,
  status: true,
  companyId: true,
  company: true,
  ownerId: true,
  owner: true,
  createdDate: true,
  lastModified: true,
  lastModifiedById: true,
  lastModifiedBy: true,
});
export type InverterSave = z.infer<typeof inverterSaveSchema>;
