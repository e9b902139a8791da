/**
 * PVsyst component files as library records (spec 3 `Module` and `Inverter` field names):
 * `POST /Module/ImportPANFile` and `POST /Inverter/ParseONDFile`. The files are read defensively
 * (`parsePanFile`, `parseOndFile`: typed {@link PvsystFileError}s naming the problem and the line);
 * nothing is returned for a file that fails.
 */
import { parseOndFile, type OndInverter } from '../inverter/ondFile.ts';
import {
  bandgapForTechnology,
  parsePanFile,
  pvsystParamsFromPan,
  type PanModule,
} from '../module/panFile.ts';
import { decodePvsystBytes, PvsystFileError } from '../module/pvsystFileCheck.ts';

export { PvsystFileError };

/** spec 3 DataSourceType PVsyst. */
const DATA_SOURCE_PVSYST = 2;

const finite = (x: number | undefined): x is number => x !== undefined && Number.isFinite(x);

/** spec 3 CellTechnologyTypeEnum of a PVsyst `Technol`: mono 3, poly 5, CdTe 6, CIS/CIGS 7, other 8. */
export function cellTechnologyFromPan(technology: string | undefined): number | null {
  const t = (technology ?? '').toLowerCase();
  if (t.includes('mono')) return 3;
  if (t.includes('poly') || t.includes('multi')) return 5;
  if (t.includes('cdte')) return 6;
  if (t.includes('cis') || t.includes('cigs')) return 7;
  return t ? 8 : null;
}

/**
 * A PAN module as a spec 3 Module record (PVsyst single-diode model, pvModel 0 with a recombination
 * term, else 1): ratings, temperature coefficients (%/K), the single-diode parameters as written
 * (I0,ref from Isc and Voc, `pvsystReference`), band gap by technology, dimensions in mm (PVsyst
 * writes metres), STC efficiency, faciality and bifaciality factor, absorption, and the IAM profile
 * as `iamFactors` (then `useDefaultTabularIAM` false).
 * @param pan the values read by `parsePanFile`
 * @param fileName the uploaded file's name, for the model when the file has none
 * @returns the record (fields the file does not give are absent)
 * @see PVsyst documentation, "PV module – parameters"; A. Mermoud, T. Lejeune, 25th EU PVSEC (2010)
 */
export function panModuleRecord(pan: PanModule, fileName = ''): Record<string, unknown> {
  const p = pvsystParamsFromPan(pan);
  const power = pan.pNom ?? (finite(pan.imp) && finite(pan.vmp) ? pan.imp * pan.vmp : undefined);
  const model = pan.model?.trim() || fileName.replace(/\.pan$/i, '') || null;
  const manufacturer = pan.manufacturer?.trim() || null;
  const bifacial = finite(pan.bifacialityFactor) && pan.bifacialityFactor > 0;
  const r: Record<string, unknown> = {
    name: [manufacturer, model].filter(Boolean).join(' ') || 'PAN module',
    manufacturer,
    model,
    dataSource: DATA_SOURCE_PVSYST,
    pvModel: p.pvModel,
    cellTechnologyType: cellTechnologyFromPan(pan.technology),
    faciality: bifacial ? 1 : 0,
    numberOfCellsInSeries: pan.cellsInSeries,
    numberOfCellsInParallel: pan.cellsInParallel ?? 1,
    referenceIrradiance: pan.irradianceRef,
    referenceTemperature: pan.tempRef,
    stcShortCircuitCurrent: pan.isc,
    stcOpenCircuitVoltage: pan.voc,
    shortCircuitCurrentAtSTC: pan.isc,
    saturationCurrentAtSTC: p.iORef,
    seriesResistanceAtSTC: p.rS,
    shuntResistanceAtSTC: p.rShRef,
    darkShuntResistance: p.rSh0,
    exponentialDependencyOnShuntResistance: p.rShExp,
    diodeIdealityFactorAtSTC: p.gammaRef,
    linearTempDependenceOnGamma: p.muGamma,
    linearTempDependenceOnIsc: (100 * pan.muIsc) / pan.isc,
    stcShortCircuitCurrentTempCoef: (100 * pan.muIsc) / pan.isc,
    bandgapVoltage: bandgapForTechnology(pan.technology),
    recombinationParameter: p.d2MuTau,
    builtInVoltage: p.builtInVoltage,
  };
  if (finite(power)) r.stcMaxPower = power;
  if (finite(pan.imp)) r.stcmppCurrent = pan.imp;
  if (finite(pan.vmp)) r.stcmppVoltage = pan.vmp;
  if (finite(pan.muVoc)) r.stcOpenCircuitVoltageTempCoef = (100 * pan.muVoc) / pan.voc;
  if (finite(pan.muPmp)) r.stcPowerTempCoef = pan.muPmp;
  if (finite(pan.absorb)) r.heatAbsorptionCoefAlphaT = pan.absorb;
  if (bifacial) r.bifacialityFactor = pan.bifacialityFactor;
  if (finite(pan.height)) r.length = 1000 * pan.height;
  if (finite(pan.width)) r.width = 1000 * pan.width;
  if (finite(power) && finite(pan.height) && finite(pan.width) && pan.height * pan.width > 0)
    r.stcEfficiency = power / (10 * pan.height * pan.width);
  if (pan.iam && pan.iam.angles.length > 0) {
    r.iamFactors = pan.iam.angles.map((incidenceAngle, i) => ({
      incidenceAngle,
      factor: pan.iam!.factors[i]!,
    }));
    r.useDefaultTabularIAM = false;
  }
  return r;
}

/**
 * An OND inverter as a spec 3 Inverter record: ratings (kW), apparent power (√3·VOutConv·IMaxAC for
 * a three-phase inverter, else PMaxOUT) [kVA], start threshold, MPPT window and limits, output
 * voltage, the efficiency curves at the three VNomEff voltages (AC basis), the temperature derating
 * as a kVA curve at elevation 0 (`usekVACurves` when present), a PQ curve at 25 °C from the
 * reactive limits |tan φ| ≤ TanPhiMax within the apparent power (`usePQCurves` false), and the
 * night consumption (`nightTare` [W]).
 * @param ond the values read by `parseOndFile`
 * @param fileName the uploaded file's name, for the model when the file has none
 * @returns the record (values the file does not give are absent)
 * @see PVsyst documentation, "Inverter definition"
 */
export function ondInverterRecord(ond: OndInverter, fileName = ''): Record<string, unknown> {
  const model = ond.model.trim() || fileName.replace(/\.ond$/i, '') || null;
  const manufacturer = ond.manufacturer.trim() || null;
  const threePhaseS =
    ond.phases === 3 && ond.outputVoltage > 0 && ond.maxAcCurrent > 0
      ? (Math.sqrt(3) * ond.outputVoltage * ond.maxAcCurrent) / 1000
      : Number.NaN;
  const apparentPower =
    Number.isFinite(threePhaseS) && threePhaseS >= ond.powerRated ? threePhaseS : ond.apparentPower;
  const tan = Math.max(Math.abs(ond.tanPhiMin || 0), Math.abs(ond.tanPhiMax || 0));
  const pqCurves =
    tan > 0 && apparentPower > 0
      ? [
          {
            temperature: 25,
            pqPoints: Array.from({ length: 11 }, (_, k) => {
              const p = (ond.apparentPower * k) / 10;
              return {
                activePowerP: p,
                reactivePowerQ: Math.min(tan * p, Math.sqrt(Math.max(0, apparentPower ** 2 - p * p))),
              };
            }),
          },
        ]
      : [];
  const r: Record<string, unknown> = {
    name: [manufacturer, model].filter(Boolean).join(' ') || 'OND inverter',
    manufacturer,
    model,
    dataSource: DATA_SOURCE_PVSYST,
    powerRated: ond.powerRated,
    apparentPower,
    minDCPowerThreshold: ond.minDCPowerThreshold,
    minVoltage: ond.minVoltage,
    maxMPPVoltage: ond.maxMPPVoltage,
    maxAbsoluteVoltage: ond.maxAbsoluteVoltage,
    maxCurrent: ond.maxCurrent,
    outputVoltage: ond.outputVoltage,
    efficiencyCurves: ond.efficiencyCurves,
    usekVACurves: ond.kVACurves.length > 0,
    kVACurves: ond.kVACurves,
    usePQCurves: false,
    pqCurves,
    nightTare: ond.nightTare,
  };
  for (const [k, v] of Object.entries(r)) if (typeof v === 'number' && !Number.isFinite(v)) delete r[k];
  return r;
}

/**
 * Reads a PAN file (bytes in any of the encodings of `decodePvsystBytes`, or text) into its values
 * and the spec 3 Module record.
 * @throws PvsystFileError naming the problem and the line
 */
export function readPanFile(
  input: string | Uint8Array,
  fileName = '',
): { pan: PanModule; record: Record<string, unknown> } {
  const text = typeof input === 'string' ? input : decodePvsystBytes(input, 'PAN');
  const pan = parsePanFile(text);
  return { pan, record: panModuleRecord(pan, fileName) };
}

/**
 * Reads an OND file (bytes or text) into its values and the spec 3 Inverter record; a file without
 * a usable efficiency curve or rating is refused.
 * @throws PvsystFileError naming the problem and the line
 */
export function readOndFile(
  input: string | Uint8Array,
  fileName = '',
): { ond: OndInverter; record: Record<string, unknown> } {
  const text = typeof input === 'string' ? input : decodePvsystBytes(input, 'OND');
  const ond = parseOndFile(text);
  if (!(ond.powerRated > 0)) throw new PvsystFileError('OND file: PNomConv must be a positive number', 0);
  if (ond.efficiencyCurves.length === 0)
    throw new PvsystFileError('OND file: no efficiency profile (ProfilPIO) with points', 0);
  return { ond, record: ondInverterRecord(ond, fileName) };
}
