/**
 * PVsyst inverter file (.OND) reader: the text format of `key=value` lines with nested
 * `PVObject_…` / `TConverter` / `TCubicProfile` blocks closed by `End of …` lines.
 */
import type { EfficiencyCurve } from './efficiencyCurves.ts';
import type { KvaCurve } from './acLimit.ts';
import { checkPvsystContent, checkPvsystNesting, PvsystFileError } from '../module/pvsystFileCheck.ts';

/** An inverter read from an OND file, in the units of spec 3 `Inverter` (kW, kVA, V, A, %). */
export interface OndInverter {
  manufacturer: string;
  model: string;
  dataSource: string;
  /** Nominal AC power `PNomConv` [kW]. */
  powerRated: number;
  /** Maximum AC power `PMaxOUT` [kVA] (PVsyst states active power; taken as the apparent rating). */
  apparentPower: number;
  /** Start threshold `PSeuil` [kW]. */
  minDCPowerThreshold: number;
  /** MPPT window `VMppMin` … `VMPPMax` [V]. */
  minVoltage: number;
  maxMPPVoltage: number;
  /** Absolute maximum input voltage `VAbsMax` [V]. */
  maxAbsoluteVoltage: number;
  /** Maximum DC current `IMaxDC` (else `IDCMax`) [A]; NaN when absent. */
  maxCurrent: number;
  /** AC output voltage `VOutConv` [V]. */
  outputVoltage: number;
  /** Nominal and maximum DC power `PNomDC`, `PMaxDC` [kW]. */
  nominalDcPower: number;
  maxDcPower: number;
  /** Maximum and European efficiencies `EfficMax`, `EfficEuro` [%]. */
  efficiencyMax: number;
  efficiencyEuro: number;
  /** Efficiency curves on the AC basis (power = output [kW], efficiency [%]), one per voltage. */
  efficiencyCurves: EfficiencyCurve[];
  /** Output derating with temperature (`TPMax`, `TPNom`, `TPLim1`, `TPLimAbs`) as one curve at 0 m. */
  kVACurves: KvaCurve[];
  /** Night consumption `Night_Loss` [W]. */
  nightTare: number;
  /** Reactive limits `TanPhiMin`, `TanPhiMax` [-]. */
  tanPhiMin: number;
  tanPhiMax: number;
  numberOfMppt: number;
  numberOfInputs: number;
  /** Maximum AC current `IMaxAC` [A]; NaN when absent. */
  maxAcCurrent: number;
  /** AC phases from `MonoTri` (`Tri` 3, `Mono` 1); NaN when absent. */
  phases: number;
  /** What was missing or odd; empty for a complete file. */
  warnings: string[];
}

interface Profile {
  points: [number, number][];
  nEff: number;
}

/** A number written with a point or, alone, a decimal comma; NaN when not a number. */
function num(s: string | undefined): number {
  if (s === undefined) return Number.NaN;
  let t = s.trim().replace(/,$/, '');
  if (/^[-+]?\d+,\d+$/.test(t)) t = t.replace(',', '.');
  if (t === '') return Number.NaN;
  const v = Number(t);
  return Number.isFinite(v) ? v : Number.NaN;
}

function numList(s: string | undefined): number[] {
  if (!s) return [];
  return s
    .split(/[;,]/)
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map((t) => num(t));
}

function pair(s: string): [number, number] | null {
  const parts = s.includes(';') ? s.split(';').map((t) => t.replace(',', '.')) : s.split(',');
  if (parts.length < 2) return null;
  const a = num(parts[0]);
  const b = num(parts[1]);
  return Number.isFinite(a) && Number.isFinite(b) ? [a, b] : null;
}

/**
 * Reads a PVsyst .OND inverter file defensively: a byte-order mark, CR/LF line ends, spaces around `=`,
 * decimal commas in single values, padding points (0,0) beyond `NPtsEff` and missing keys are all
 * tolerated; what is missing is listed in `warnings`. Efficiency profiles `ProfilPIOV1…3` are (input,
 * output) power pairs [W] at the voltages `VNomEff`; they become curves on the AC basis (η = Pout/Pin),
 * leaving out the zero-output start point (the start threshold is `PSeuil`). Without voltage profiles the
 * single `ProfilPIO` is used at the middle of the MPPT window.
 *
 * @param text file contents
 * @returns the inverter in spec 3 units (see {@link OndInverter})
 * The text is checked first (`checkPvsystContent`, `checkPvsystNesting`): size, binary content
 * ("Binary OND files are not supported: export the OND file as text from PVsyst"), the opening
 * `PVObject_=` line, `PNomConv` present, truncation.
 * @throws PvsystFileError naming the problem and the line, for binary, truncated or foreign files
 * @see PVsyst SA, PVsyst 7 help, "Inverter definition" / component file formats (no identifier)
 */
export function parseOndFile(text: string): OndInverter {
  checkPvsystContent(text, 'OND');
  if (!/^\s*PNomConv\s*=/im.test(text))
    throw new PvsystFileError('not a PVsyst OND inverter file: PNomConv is missing', 0);
  checkPvsystNesting(text, 'OND');
  const values = new Map<string, string>();
  const profiles = new Map<string, Profile>();
  let profile: Profile | null = null;
  let skipDepth = 0;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (/^End of /i.test(line)) {
      if (skipDepth > 0 && /^End of Remarks/i.test(line)) skipDepth--;
      if (/^End of TCubicProfile/i.test(line)) profile = null;
      continue;
    }
    if (skipDepth > 0) continue;
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (/^Remarks,\s*Count$/i.test(key)) {
      skipDepth++;
      continue;
    }
    if (/^TCubicProfile/i.test(value)) {
      profile = { points: [], nEff: Number.NaN };
      profiles.set(key.toLowerCase(), profile);
      continue;
    }
    if (profile) {
      if (/^NPtsEff$/i.test(key)) profile.nEff = num(value);
      else if (/^Point_\d+$/i.test(key)) {
        const pt = pair(value);
        if (pt) profile.points.push(pt);
      }
      continue;
    }
    const k = key.toLowerCase();
    if (!values.has(k)) values.set(k, value);
  }
  const warnings: string[] = [];
  const get = (name: string, required = false): number => {
    const v = num(values.get(name.toLowerCase()));
    if (required && !Number.isFinite(v)) warnings.push(`${name} missing or not a number`);
    return v;
  };
  if (!values.has('pnomconv'))
    throw new PvsystFileError('not a PVsyst OND inverter file: PNomConv is missing', 0);
  const powerRated = get('PNomConv', true);
  const pMaxOut = get('PMaxOUT');
  const minVoltage = get('VMppMin', true);
  const maxMPPVoltage = get('VMPPMax', true);
  const vAbs = get('VAbsMax');
  const iMaxDc = get('IMaxDC');
  const iDcMax = get('IDCMax');
  const threshold = get('PSeuil');

  const toCurve = (voltage: number, pr: Profile): EfficiencyCurve => {
    const n = Number.isFinite(pr.nEff) ? pr.nEff : pr.points.length;
    return {
      voltage,
      efficiencyPoints: pr.points
        .slice(0, n)
        .filter(([pin, pout]) => pin > 0 && pout > 0 && pout <= pin)
        .map(([pin, pout]) => ({ power: pout / 1000, efficiency: (100 * pout) / pin })),
    };
  };
  const vNom = numList(values.get('vnomeff'));
  const efficiencyCurves: EfficiencyCurve[] = [];
  for (let j = 0; j < 3; j++) {
    const pr = profiles.get(`profilpiov${j + 1}`);
    if (!pr) continue;
    if (!Number.isFinite(vNom[j])) {
      warnings.push(`ProfilPIOV${j + 1} has no voltage in VNomEff`);
      continue;
    }
    efficiencyCurves.push(toCurve(vNom[j]!, pr));
  }
  if (efficiencyCurves.length === 0) {
    const pr = profiles.get('profilpio');
    if (pr) {
      const mid = Number.isFinite(minVoltage + maxMPPVoltage) ? (minVoltage + maxMPPVoltage) / 2 : 0;
      efficiencyCurves.push(toCurve(mid, pr));
    }
  }
  const kept = efficiencyCurves.filter((c) => c.efficiencyPoints.length > 0);
  if (kept.length === 0) warnings.push('no efficiency profile with points');

  const derating: { temperature: number; kVA: number }[] = [];
  for (const [t, pw] of [
    ['TPMax', 'PMaxOUT'],
    ['TPNom', 'PNomConv'],
    ['TPLim1', 'PLim1'],
    ['TPLimAbs', 'PLimAbs'],
  ] as const) {
    const temperature = get(t);
    const kVA = get(pw);
    if (Number.isFinite(temperature) && kVA > 0) derating.push({ temperature, kVA });
  }
  derating.sort((a, b) => a.temperature - b.temperature);

  return {
    manufacturer: values.get('manufacturer') ?? '',
    model: values.get('model') ?? '',
    dataSource: values.get('datasource') ?? '',
    powerRated,
    apparentPower: Number.isFinite(pMaxOut) && pMaxOut > 0 ? pMaxOut : powerRated,
    minDCPowerThreshold: Number.isFinite(threshold) ? threshold / 1000 : 0,
    minVoltage,
    maxMPPVoltage,
    maxAbsoluteVoltage: Number.isFinite(vAbs) ? vAbs : maxMPPVoltage,
    maxCurrent: iMaxDc > 0 ? iMaxDc : iDcMax > 0 ? iDcMax : Number.NaN,
    outputVoltage: get('VOutConv'),
    nominalDcPower: get('PNomDC'),
    maxDcPower: get('PMaxDC'),
    efficiencyMax: get('EfficMax'),
    efficiencyEuro: get('EfficEuro'),
    efficiencyCurves: kept,
    kVACurves: derating.length > 0 ? [{ elevation: 0, kVAPoints: derating }] : [],
    nightTare: Math.max(0, get('Night_Loss') || 0),
    tanPhiMin: get('TanPhiMin'),
    tanPhiMax: get('TanPhiMax'),
    numberOfMppt: get('NbMPPT'),
    numberOfInputs: get('NbInputs'),
    maxAcCurrent: get('IMaxAC'),
    phases: /^tri/i.test(values.get('monotri') ?? '')
      ? 3
      : /^mono/i.test(values.get('monotri') ?? '')
        ? 1
        : Number.NaN,
    warnings,
  };
}
