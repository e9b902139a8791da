/**
 * What a successful run stored (jobs/predictionRun.ts): `prediction_runs.summary` is the spec 3
 * `PredictionResultSummary`; `prediction_runs.details` is {@link RunDetails}; the series are in
 * `prediction_result_series`, read with `loadSeries(db, run.id, node)` (models/predictionRun.ts).
 */

/** A node whose series were kept (the run's export options asked for it). */
export interface StoredNode {
  /** storage key: 'block:1', 'array:1/2', 'inverter:1/2/A', 'dcField:1/2/A/3' */
  key: string;
  level: 'block' | 'array' | 'inverter' | 'dcField';
  block: number;
  array: number | null;
  inverter: string | null;
  dcField: number | null;
}

export interface RunDetails {
  weatherName: string;
  /** step length [h] and the number of steps of the first year */
  stepHours: number;
  length: number;
  /** project's offset from UTC [h]; timestamps are shown in its standard time */
  utcOffsetHours: number;
  /** from a stored timestamp to the middle of its interval [ms] */
  midShiftMs: number;
  /** plant DC and AC capacity [W] */
  dcCapacity: number;
  acCapacity: number;
  warnings: string[];
  /** the case's defaults the run applied, "path = value" (absent in runs stored before issue 17) */
  defaultsApplied?: string[];
  /**
   * the columns of node 'plant' in order: 'time' [ms], then the per-step export's columns of
   * `sunfield simulate --hourly` (ghi, dni, dhi [W/m²], solarZenith, solarAzimuth, surfaceTilt,
   * surfaceAzimuth, aoi [°], poaGlobal, poaBeam, poaSkyDiffuse, poaGroundDiffuse, poaRear,
   * effectiveIrradiance [W/m²], tempCell, tempAir [°C], windSpeed [m/s], dcPower, inverterAcPower,
   * plantAcPower [W]), then the loss stages (poaAfterFarShading … poaAfterSpectral [W/m²],
   * dcAfterIrradiance, dcAfterTemperature, dcAfterHealth, acInverterOutput, acAfterLimitation,
   * acAfterCollection, acAfterAvailability [W]) and, with storage, essPower, essBatteryPower [W],
   * essStateOfCharge [-]
   */
  plantColumns: string[];
  nodes: StoredNode[];
  /** per simulated year: energy at the point of interconnection by month and hour [(m−1)·24 + h] [Wh] */
  years: { yearIndex: number; year: number; monthHourEnergy: number[] }[];
}
