/**
 * Reader of PVsyst module files (.PAN, text format of PVsyst 6 and later): the generic tree of
 * `Key=Value` lines and nested objects, the module's named values, and the reference parameters of
 * the PVsyst single-diode model from them.
 */
import { checkPvsystContent, checkPvsystNesting, PvsystFileError } from './pvsystFileCheck.ts';
import { pvsystReference, type PvsystParams } from './pvsyst.ts';

/** One object of a PAN file: `Key=Value` pairs and the objects nested in it. */
export interface PanObject {
  /** the key that opened it (`PVObject_`, `PVObject_Commercial`, `IAMProfile`, …); '' for the root */
  key: string;
  /** the value that opened it (`pvModule`, `pvCommercial`, `TCubicProfile`, …) */
  type: string;
  /** values by key, as written (the last one wins when a key repeats) */
  values: Record<string, string>;
  /** nested objects in file order */
  children: PanObject[];
}

/**
 * Parses the text of a PVsyst file (.PAN, .OND, …) into its object tree, defensively.
 *
 * Lines are `Key=Value`, indented by nesting. An object opens at a line whose value is closed later
 * by `End of Value` or `End of PVObject Value` (`PVObject_Commercial=pvCommercial` …
 * `End of PVObject pvCommercial`), and closes there. Blank lines, lines without `=`, a byte-order mark,
 * CR/LF line ends and surrounding spaces are ignored, and so is an `End of` that matches no open
 * object: PVsyst 7 closes a list it opened with `Remarks, Count=5` by `End of Remarks=.`, which is
 * not the end of the object around it. The binary format of PVsyst before version 6 is refused.
 *
 * @param text the file's content
 * @returns the root object, holding the file's top-level object(s) in `children`
 */
export function parsePvsystText(text: string): PanObject {
  if (text.includes('\u0000'))
    throw new PvsystFileError(
      'Binary PAN files are not supported: export the PAN file as text from PVsyst',
      0,
    );
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const closers = new Set<string>();
  for (const raw of lines) {
    const m = /^\s*End of\s+(.*?)\s*$/i.exec(raw);
    if (m) closers.add(m[1]!.toLowerCase());
  }
  const root: PanObject = { key: '', type: '', values: {}, children: [] };
  const stack: PanObject[] = [root];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const end = /^End of\s+(.*)$/i.exec(line);
    if (end) {
      const name = end[1]!.trim().toLowerCase();
      let k = stack.length - 1;
      while (k > 0 && !matches(stack[k]!, name)) k--;
      if (k > 0) stack.length = k;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    const top = stack[stack.length - 1]!;
    const lower = value.toLowerCase();
    if (value && (closers.has(lower) || closers.has(`pvobject ${lower}`))) {
      const child: PanObject = { key, type: value, values: {}, children: [] };
      top.children.push(child);
      top.values[key] = value;
      stack.push(child);
    } else {
      top.values[key] = value;
    }
  }
  return root;
}

function matches(o: PanObject, name: string): boolean {
  const t = o.type.toLowerCase();
  return name === t || name === `pvobject ${t}`;
}

/** Case-insensitive lookup of a value. */
function get(o: PanObject, key: string): string | undefined {
  if (key in o.values) return o.values[key];
  const k = key.toLowerCase();
  for (const [name, v] of Object.entries(o.values)) if (name.toLowerCase() === k) return v;
  return undefined;
}

/** A number, accepting a decimal comma ("1,134"); undefined when absent or not a number. */
function num(o: PanObject | undefined, key: string): number | undefined {
  const v = o && get(o, key);
  if (v === undefined || v === '') return undefined;
  const n = Number(/^[-+]?\d+,\d+$/.test(v) ? v.replace(',', '.') : v);
  return Number.isFinite(n) ? n : undefined;
}

function find(o: PanObject, pred: (c: PanObject) => boolean): PanObject | undefined {
  for (const c of o.children) {
    if (pred(c)) return c;
    const d = find(c, pred);
    if (d) return d;
  }
  return undefined;
}

/** The values of a PVsyst module file that the engine and the module library use. */
export interface PanModule {
  manufacturer?: string;
  model?: string;
  /** PVsyst technology (`Technol`: mtSiMono, mtSiPoly, mtCdTe, mtCIS, mtAsiH, …) */
  technology?: string;
  /** cells in series Ns (`NCelS`) [-] */
  cellsInSeries: number;
  /** cells (or strings of cells) in parallel (`NCelP`) [-] */
  cellsInParallel?: number;
  /** nominal power (`PNom`) [W] */
  pNom?: number;
  /** reference irradiance (`GRef`) [W/m²] */
  irradianceRef: number;
  /** reference temperature (`TRef`) [°C] */
  tempRef: number;
  /** short-circuit current, Voc, current and voltage at MPP at reference conditions [A], [V] */
  isc: number;
  voc: number;
  imp?: number;
  vmp?: number;
  /** temperature coefficient of Isc (`muISC`, written in mA/K) [A/K] */
  muIsc: number;
  /** temperature coefficient of Voc (`muVocSpec`, written in mV/K) [V/K] */
  muVoc?: number;
  /** temperature coefficient of Pmax (`muPmpReq`) [%/K] */
  muPmp?: number;
  /** shunt resistance at reference irradiance (`RShunt`) [Ω] */
  rShunt: number;
  /** shunt resistance in the dark (`Rp_0`) [Ω] */
  rShunt0?: number;
  /** exponent of the shunt resistance (`Rp_Exp`) [-] */
  rShuntExp?: number;
  /** series resistance (`RSerie`) [Ω] */
  rSerie: number;
  /** diode ideality factor per cell (`Gamma`) [-] */
  gamma: number;
  /** temperature coefficient of γ (`muGamma`) [1/K] */
  muGamma?: number;
  /** recombination parameter (`D2MuTau`) [V] */
  d2MuTau?: number;
  /** built-in voltage per cell (`VBi`) [V] */
  builtInVoltage?: number;
  /** absorption coefficient (`Absorb`) [-] */
  absorb?: number;
  /** bifaciality factor (`BifacialityFactor`) [-] */
  bifacialityFactor?: number;
  /** module width and height (`Width`, `Height`) [m] */
  width?: number;
  height?: number;
  /** incidence-angle profile (`IAMProfile` points), angles [°] and factors [-] */
  iam?: { angles: number[]; factors: number[] };
}

/**
 * Reads a PVsyst module file (.PAN) into its named values, in the engine's units (muISC from mA/K
 * to A/K, muVocSpec from mV/K to V/K).
 *
 * @param text the .PAN file's content
 * The text is checked first (`checkPvsystContent`, `checkPvsystNesting`: size, binary content —
 * "Binary PAN files are not supported: export the PAN file as text from PVsyst" —, the opening
 * `PVObject_=` line, truncation), then the values the model needs must be present and physical
 * (NCelS an integer ≥ 1, Isc, Voc, RShunt, Gamma > 0, RSerie ≥ 0, Imp < Isc, Vmp < Voc).
 *
 * @returns the module's values
 * @throws PvsystFileError naming the problem and its line (0 for the file as a whole)
 * @see PVsyst documentation, "PV module – parameters" (file format of PVsyst 6 and later)
 */
export function parsePanFile(text: string): PanModule {
  checkPvsystContent(text, 'PAN');
  checkPvsystNesting(text, 'PAN');
  const root = parsePvsystText(text);
  const lineOf = (key: string): number => {
    const re = new RegExp(`^\\s*${key}\\s*=`, 'i');
    const k = text.split(/\r\n|\r|\n/).findIndex((l) => re.test(l));
    return k + 1;
  };
  const mod = find(root, (c) => c.type.toLowerCase() === 'pvmodule') ?? root.children[0] ?? root;
  const com = find(mod, (c) => c.type.toLowerCase() === 'pvcommercial');
  const need = (key: string): number => {
    const v = num(mod, key);
    if (v === undefined) {
      const line = lineOf(key);
      throw new PvsystFileError(
        line > 0 ? `PAN file: ${key} on line ${line} is not a number` : `PAN file: ${key} is missing`,
        line,
      );
    }
    return v;
  };
  const opt = (key: string) => num(mod, key);
  const out: PanModule = {
    cellsInSeries: need('NCelS'),
    irradianceRef: opt('GRef') ?? 1000,
    tempRef: opt('TRef') ?? 25,
    isc: need('Isc'),
    voc: need('Voc'),
    muIsc: (opt('muISC') ?? 0) / 1000,
    rShunt: need('RShunt'),
    rSerie: need('RSerie'),
    gamma: need('Gamma'),
  };
  const physical: [boolean, string][] = [
    [Number.isInteger(out.cellsInSeries) && out.cellsInSeries >= 1, 'NCelS'],
    [out.isc > 0, 'Isc'],
    [out.voc > 0, 'Voc'],
    [out.rShunt > 0, 'RShunt'],
    [out.rSerie >= 0, 'RSerie'],
    [out.gamma > 0, 'Gamma'],
    [out.irradianceRef > 0, 'GRef'],
  ];
  for (const [ok, key] of physical)
    if (!ok)
      throw new PvsystFileError(`PAN file: ${key} on line ${lineOf(key)} is out of range`, lineOf(key));
  const set = <K extends keyof PanModule>(k: K, v: PanModule[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set('manufacturer', com && get(com, 'Manufacturer'));
  set('model', com && get(com, 'Model'));
  set('technology', get(mod, 'Technol'));
  set('cellsInParallel', opt('NCelP'));
  set('pNom', opt('PNom'));
  set('imp', opt('Imp'));
  set('vmp', opt('Vmp'));
  if (out.imp !== undefined && !(out.imp > 0 && out.imp < out.isc))
    throw new PvsystFileError(
      `PAN file: Imp on line ${lineOf('Imp')} must be between 0 and Isc`,
      lineOf('Imp'),
    );
  if (out.vmp !== undefined && !(out.vmp > 0 && out.vmp < out.voc))
    throw new PvsystFileError(
      `PAN file: Vmp on line ${lineOf('Vmp')} must be between 0 and Voc`,
      lineOf('Vmp'),
    );
  const muVoc = opt('muVocSpec');
  set('muVoc', muVoc === undefined ? undefined : muVoc / 1000);
  set('muPmp', opt('muPmpReq'));
  set('rShunt0', opt('Rp_0'));
  set('rShuntExp', opt('Rp_Exp'));
  set('muGamma', opt('muGamma'));
  set('d2MuTau', opt('D2MuTau'));
  set('builtInVoltage', opt('VBi'));
  set('absorb', opt('Absorb'));
  set('bifacialityFactor', opt('BifacialityFactor'));
  set('width', num(com, 'Width'));
  set('height', num(com, 'Height'));
  const profile = find(mod, (c) => c.key.toLowerCase() === 'iamprofile');
  if (profile) {
    const pts = Object.entries(profile.values)
      .filter(([k]) => /^Point_\d+$/i.test(k))
      .map(([, v]) => v.split(/[,;]/).map(Number))
      .filter((p) => p.length >= 2 && p.every(Number.isFinite))
      .sort((p, q) => p[0]! - q[0]!);
    if (pts.length) out.iam = { angles: pts.map((p) => p[0]!), factors: pts.map((p) => p[1]!) };
  }
  return out;
}

/**
 * Band gap by PVsyst technology, used when the file gives none: c-Si 1.12 eV, CdTe 1.5 eV, CIS/CIGS
 * 1.03 eV (spec 1 §3 defaults), a-Si 1.7 eV [inf].
 */
export function bandgapForTechnology(technology: string | undefined): number {
  const t = (technology ?? '').toLowerCase();
  if (t.includes('cdte')) return 1.5;
  if (t.includes('cis') || t.includes('cigs')) return 1.03;
  if (t.includes('asi')) return 1.7;
  return 1.12;
}

/**
 * Reference parameters of the PVsyst single-diode model from a module file: Rs, Rsh, Rsh(0), its
 * exponent, γ, μγ, μIsc, d²/μτ and Vbi as written; Iph,ref and I0,ref from Isc and Voc
 * (`pvsystReference`); the band gap from the technology.
 *
 * @param pan the values read by {@link parsePanFile}
 * @returns parameters for `calcparamsPvsyst` and `moduleMppSeries`
 * @see A. Mermoud, T. Lejeune, "Performance assessment of a simulation model for PV modules of any
 *      available technology," 25th EU PVSEC, Valencia (2010)
 */
export function pvsystParamsFromPan(pan: PanModule): PvsystParams {
  const dmt = pan.d2MuTau ?? 0;
  const vbi = pan.builtInVoltage ?? 0.9;
  const { iLRef, iORef } = pvsystReference({
    isc: pan.isc,
    voc: pan.voc,
    rS: pan.rSerie,
    rShRef: pan.rShunt,
    gammaRef: pan.gamma,
    cellsInSeries: pan.cellsInSeries,
    d2MuTau: dmt,
    builtInVoltage: vbi,
    tempRef: pan.tempRef,
  });
  return {
    pvModel: dmt > 0 ? 0 : 1,
    cellsInSeries: pan.cellsInSeries,
    gammaRef: pan.gamma,
    muGamma: pan.muGamma ?? 0,
    iLRef,
    iORef,
    rS: pan.rSerie,
    rShRef: pan.rShunt,
    rSh0: pan.rShunt0 ?? pan.rShunt,
    rShExp: pan.rShuntExp ?? 5.5,
    alphaSc: pan.muIsc,
    egRef: bandgapForTechnology(pan.technology),
    d2MuTau: dmt,
    builtInVoltage: vbi,
    irradianceRef: pan.irradianceRef,
    tempRef: pan.tempRef,
  };
}
