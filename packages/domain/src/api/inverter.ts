/**
 * Inverter API shape (spec 3: Inverter (31 fields), EfficiencyCurve (3), EfficiencyPoint (3),
 * kVACurve (3), kVAPoint (3), PQCurve (3), PQPoint (3)) as zod schemas. Units of spec 4: powers in
 * kW, apparent power in kVA, voltages in V, currents in A, efficiencies in %, temperatures in °C,
 * elevations in m.
 */
import { z } from 'zod';

const id = z.union([z.number().int(), z.string()]);
const num = z.number().nullish();
const str = z.string().nullish();
const bool = z.boolean().nullish();
const dateTime = z.string().nullish();
const enumId = z.number().int().nullish();
const positive = z.number().positive().nullish();
const nonNegative = z.number().min(0).nullish();

/** spec 3 EfficiencyPoint (3): power [kW] and efficiency [%]. */
export const efficiencyPointSchema = z.object({
  id: id.nullish(),
  power: z.number().min(0),
  efficiency: z.number().min(0).max(100),
});
export type EfficiencyPoint = z.infer<typeof efficiencyPointSchema>;

/** spec 3 EfficiencyCurve (3): DC voltage [V] and its points. */
export const efficiencyCurveSchema = z.object({
  id: id.nullish(),
  voltage: z.number().min(0),
  efficiencyPoints: z.array(efficiencyPointSchema).max(500),
});
export type EfficiencyCurve = z.infer<typeof efficiencyCurveSchema>;

/** spec 3 kVAPoint (3): ambient temperature [°C] and available apparent power [kVA]. */
export const kVAPointSchema = z.object({
  id: id.nullish(),
  temperature: z.number().min(-100).max(150),
  kVA: z.number().min(0),
});
export type KVAPoint = z.infer<typeof kVAPointSchema>;

/** spec 3 kVACurve (3): elevation [m] and its points. */
export const kVACurveSchema = z.object({
  id: id.nullish(),
  elevation: z.number().min(-500).max(9000),
  kVAPoints: z.array(kVAPointSchema).max(500),
});
export type KVACurve = z.infer<typeof kVACurveSchema>;

/** spec 3 PQPoint (3): active power P [kW] and reactive power Q [kvar]. */
export const pqPointSchema = z.object({
  id: id.nullish(),
  activePowerP: z.number(),
  reactivePowerQ: z.number(),
});
export type PQPoint = z.infer<typeof pqPointSchema>;

/** spec 3 PQCurve (3): ambient temperature [°C] and its capability points. */
export const pqCurveSchema = z.object({
  id: id.nullish(),
  temperature: z.number().min(-100).max(150),
  pqPoints: z.array(pqPointSchema).max(500),
});
export type PQCurve = z.infer<typeof pqCurveSchema>;

/** spec 3 Inverter (31), in spec order, plus the engine's library fields at the end. */
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
  status: enumId,
  model: str,
  manufacturer: str,
  /** rated AC power [kW] */
  powerRated: positive,
  /** apparent-power rating [kVA] */
  apparentPower: positive,
  /** start threshold [kW] */
  minDCPowerThreshold: nonNegative,
  /** MPPT window and absolute limit [V] */
  minVoltage: nonNegative,
  maxMPPVoltage: positive,
  maxAbsoluteVoltage: positive,
  /** maximum DC current [A] */
  maxCurrent: positive,
  /** [m] */
  maxElevation: num,
  /** AC output voltage [V] */
  outputVoltage: positive,
  usekVACurves: bool,
  usePQCurves: bool,
  dataSource: enumId,
  efficiencyCurves: z.array(efficiencyCurveSchema).max(20).nullish(),
  kVACurves: z.array(kVACurveSchema).max(50).nullish(),
  pqCurves: z.array(pqCurveSchema).max(50).nullish(),
  /** [kW] */
  tempCorrectedPowerMax: num,
  inverterType: enumId,
  // Engine library fields outside spec 3: efficiency model, Sandia coefficients, night tare.
  inverterEfficiencyModel: enumId,
  sandiaParameters: z.record(z.string(), z.number()).nullish(),
  /** night consumption [W] */
  nightTare: nonNegative,
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
