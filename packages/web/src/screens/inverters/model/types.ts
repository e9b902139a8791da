/**
 * The inverter shapes of the API (spec 3 `Inverter`, `EfficiencyCurve`, `kVACurve`, `PQCurve`, plus the
 * library fields the server adds) and of the library overview (GET /Inverter/InverterOverview).
 */

export interface EfficiencyPoint {
  id?: number;
  /** AC output power [kW]. */
  power: number;
  /** [%] */
  efficiency: number;
}

export interface EfficiencyCurve {
  id?: number;
  /** DC input voltage [V]. */
  voltage: number;
  efficiencyPoints: EfficiencyPoint[];
}

export interface KvaPoint {
  id?: number;
  /** Ambient temperature [°C]. */
  temperature: number;
  kVA: number;
}

export interface KvaCurve {
  id?: number;
  /** [m] */
  elevation: number;
  kVAPoints: KvaPoint[];
}

export interface PqPoint {
  id?: number;
  /** Active power P [kW]. */
  activePowerP: number;
  /** Reactive power Q [kVAr]. */
  reactivePowerQ: number;
}

export interface PqCurve {
  id?: number;
  /** [°C] */
  temperature: number;
  pqPoints: PqPoint[];
}

/** The spec 3 inverter fields the screens edit or show. Unknown fields are kept as they came. */
export interface InverterFields {
  name: string;
  description?: string | null;
  manufacturer?: string | null;
  model?: string | null;
  powerRated?: number | null;
  apparentPower?: number | null;
  minDCPowerThreshold?: number | null;
  minVoltage?: number | null;
  maxMPPVoltage?: number | null;
  maxAbsoluteVoltage?: number | null;
  maxCurrent?: number | null;
  maxElevation?: number | null;
  outputVoltage?: number | null;
  usekVACurves?: boolean | null;
  usePQCurves?: boolean | null;
  dataSource?: number | null;
  inverterType?: number | null;
  tempCorrectedPowerMax?: number | null;
  efficiencyCurves: EfficiencyCurve[];
  kVACurves: KvaCurve[];
  pqCurves: PqCurve[];
  status?: number | null;
  [key: string]: unknown;
}

/** GET /Inverter/{id}: the fields plus what the library adds. */
export interface Inverter extends InverterFields {
  id: number;
  status: number;
  companyId: string | null;
  ownerId: string | null;
  ownerName: string | null;
  source: string | null;
  note: string | null;
  isReadOnly: boolean;
  canDelete: boolean;
  lastModified: string;
}

/** One line of GET /Inverter/InverterOverview. */
export interface InverterOverviewItem {
  id: number;
  name: string;
  manufacturer: string | null;
  model: string | null;
  powerRating: number | null;
  maxAbsoluteVoltage: number | null;
  status: number;
  source: string | null;
  ownerId: string | null;
  ownerName: string | null;
  lastModified: string;
  isReadOnly: boolean;
}

export interface InverterOverviewPage {
  items: InverterOverviewItem[];
  total: number;
  page: number;
  pageSize: number;
}
