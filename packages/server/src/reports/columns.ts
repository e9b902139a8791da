/**
 * Headers and sheet names of the 8760 workbooks: every stored column with its unit (`Plant AC power
 * [W]`, `BlockPower [W]`), and one Excel sheet name per stored node ("Block 1", "B1 A1",
 * "B1 A1 Inv A", "B1 A1 A DC1"). Units are those the series are stored in (results/types.ts).
 */
import type { StoredNode } from '../results/types.ts';

/** The plant's stored columns (RunDetails.plantColumns) as a workbook shows them: label and unit. */
export const PLANT_HEADERS: Readonly<Record<string, { label: string; unit: string }>> = {
  ghi: { label: 'GHI', unit: 'W/m²' },
  dni: { label: 'DNI', unit: 'W/m²' },
  dhi: { label: 'DHI', unit: 'W/m²' },
  solarZenith: { label: 'Sun zenith angle', unit: '°' },
  solarAzimuth: { label: 'Sun azimuth angle', unit: '°' },
  surfaceTilt: { label: 'Surface tilt', unit: '°' },
  surfaceAzimuth: { label: 'Surface azimuth', unit: '°' },
  aoi: { label: 'Angle of incidence', unit: '°' },
  poaGlobal: { label: 'POA global (transposed)', unit: 'W/m²' },
  poaBeam: { label: 'POA beam', unit: 'W/m²' },
  poaSkyDiffuse: { label: 'POA sky diffuse', unit: 'W/m²' },
  poaGroundDiffuse: { label: 'POA ground diffuse', unit: 'W/m²' },
  poaRear: { label: 'Rear POA', unit: 'W/m²' },
  effectiveIrradiance: { label: 'Effective irradiance', unit: 'W/m²' },
  tempCell: { label: 'Cell temperature', unit: '°C' },
  tempAir: { label: 'Air temperature', unit: '°C' },
  windSpeed: { label: 'Wind speed', unit: 'm/s' },
  dcPower: { label: 'DC power (inverter inputs)', unit: 'W' },
  inverterAcPower: { label: 'Inverter AC power', unit: 'W' },
  plantAcPower: { label: 'Plant AC power', unit: 'W' },
  poaAfterFarShading: { label: 'POA after far shading', unit: 'W/m²' },
  poaAfterNearShading: { label: 'POA after near shading', unit: 'W/m²' },
  poaAfterSoiling: { label: 'POA after soiling', unit: 'W/m²' },
  poaAfterIam: { label: 'POA after IAM', unit: 'W/m²' },
  poaAfterSpectral: { label: 'POA after spectral', unit: 'W/m²' },
  dcAfterIrradiance: { label: 'DC after module irradiance', unit: 'W' },
  dcAfterTemperature: { label: 'DC after module temperature', unit: 'W' },
  dcAfterHealth: { label: 'DC after DC health', unit: 'W' },
  acInverterOutput: { label: 'Inverter output', unit: 'W' },
  acAfterLimitation: { label: 'AC after inverter limitation', unit: 'W' },
  acAfterCollection: { label: 'AC after collection', unit: 'W' },
  acAfterAvailability: { label: 'AC after availability', unit: 'W' },
  essPower: { label: 'ESS power', unit: 'W' },
  essBatteryPower: { label: 'ESS battery power', unit: 'W' },
  essStateOfCharge: { label: 'ESS state of charge', unit: '-' },
};

/** Units of the nodes' stored columns (runs/output.ts names, those of NodalJson). */
export const NODE_UNITS: Readonly<Record<string, string>> = {
  BlockPower: 'W',
  WeightedPOAI: 'W/m²',
  EffectiveIrradiance: 'W/m²',
  TotalACInverterPowerOutput: 'W',
  PowerAfterDegradation: 'W',
  PowerAfterLeTID: 'W',
  DataAcquisitionAuxiliaryLoss: 'W',
  CoolingLoss: 'W',
  TrackerMotorLoss: 'W',
  TransformerLosses: 'W',
  CollectionLoss: 'W',
  TransformerOutputPower: 'W',
  DCVoltage: 'V',
  DCCurrent: 'A',
  DCPower: 'W',
  DCInput: 'W',
  Efficiency: '-',
  OffMppPowerLoss: 'W',
  EfficiencyLoss: 'W',
  ClippingLoss: 'W',
  ACPower: 'W',
  InverterRegion: '-',
  ACPowerLimit: 'W',
  SunZenithAngle: '°',
  SunAzimuthAngle: '°',
  ModuleTrackerAngle: '°',
  ModuleTilt: '°',
  ModuleAzimuth: '°',
  IncidenceAngle: '°',
  GlobalPOAIrradiance: 'W/m²',
  POAAfterShading: 'W/m²',
  POAAfterSoiling: 'W/m²',
  POAAfterIAM: 'W/m²',
  SpectralShiftFactor: '-',
  GlobalBackPOAI: 'W/m²',
  CellTemperature: '°C',
  Voltage: 'V',
  Current: 'A',
};

/** "Plant AC power [W]" (the stored name when no label is known). */
export function plantHeader(name: string): string {
  const h = PLANT_HEADERS[name];
  return h ? `${h.label} [${h.unit}]` : name;
}

/** "BlockPower [W]" (the name alone when no unit is known). */
export function nodeHeader(name: string): string {
  const unit = NODE_UNITS[name];
  return unit ? `${name} [${unit}]` : name;
}

/** The timestamp column's header: the project's standard time, e.g. "Timestamp (UTC-05:00)". */
export function timeHeader(utcOffsetHours: number): string {
  const sign = utcOffsetHours < 0 ? '-' : '+';
  const a = Math.abs(utcOffsetHours);
  const hh = String(Math.floor(a)).padStart(2, '0');
  const mm = String(Math.round((a % 1) * 60)).padStart(2, '0');
  return `Timestamp (UTC${sign}${hh}:${mm}, standard time)`;
}

/** A node's sheet name before it is made valid and unique: "Block 1", "B1 A1", "B1 A1 Inv A", "B1 A1 A DC1". */
export function nodeSheetLabel(n: StoredNode): string {
  if (n.level === 'block') return `Block ${n.block}`;
  if (n.level === 'array') return `B${n.block} A${n.array}`;
  if (n.level === 'inverter') return `B${n.block} A${n.array} Inv ${n.inverter}`;
  return `B${n.block} A${n.array} ${n.inverter} DC${n.dcField}`;
}

/** Excel's limit on a sheet name's length. */
export const SHEET_NAME_MAX = 31;

/**
 * Valid, unique Excel sheet names for the labels, in order: the characters Excel refuses (`[]:*?/\`)
 * become `_`, a name is cut to 31 characters and, when it repeats one already given (Excel ignores
 * case), ends with " (2)", " (3)" ….
 */
export function uniqueSheetNames(labels: readonly string[]): string[] {
  const used = new Set<string>();
  return labels.map((label) => {
    const base = (label.replace(/[[\]:*?/\\]/g, '_').replace(/^'+|'+$/g, '') || 'Sheet').slice(
      0,
      SHEET_NAME_MAX,
    );
    let name = base;
    for (let k = 2; used.has(name.toLowerCase()); k++) {
      const suffix = ` (${k})`;
      name = `${base.slice(0, SHEET_NAME_MAX - suffix.length)}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}
