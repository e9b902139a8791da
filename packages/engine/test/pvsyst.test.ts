import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  calcparamsPvsyst,
  moduleMpp,
  moduleMppSeries,
  parsePanFile,
  parsePvsystText,
  pvsystParamsFromModule,
  pvsystParamsFromPan,
  pvsystReference,
  pvsystShuntResistance,
  singleDiode,
  type ModuleModel,
  type PvsystParams,
} from '../src/index.ts';
import { close, SHARED_DIR } from './golden.ts';

const STC = { effectiveIrradiance: 1000, tempCell: 25 };
const panText = fs.readFileSync(path.join(SHARED_DIR, 'data', 'ET-M772BH550GL.PAN'), 'latin1');

// The OA example module of spec 4 §1: First Solar FS-7505A-TR1 (CdTe, 505 W), as a module record.
const oaFields = {
  pvModel: 0,
  numberOfCellsInSeries: 268,
  stcShortCircuitCurrent: 3.013,
  stcOpenCircuitVoltage: 223.931,
  saturationCurrentAtSTC: 4.91147e-10,
  seriesResistanceAtSTC: 3.885,
  shuntResistanceAtSTC: 11500,
  darkShuntResistance: 12000,
  exponentialDependencyOnShuntResistance: 5.5,
  diodeIdealityFactorAtSTC: 1.452,
  recombinationParameter: 2.15,
  builtInVoltage: 0.9,
  bandgapVoltage: 1.5,
  linearTempDependenceOnIsc: 0.04,
};

describe('PVsyst module file ET-M772BH550GL.PAN', () => {
  it('reads the values, sections and IAM profile', () => {
    const pan = parsePanFile(panText);
    expect(pan).toMatchObject({
      manufacturer: 'ET SOLAR',
      model: 'ET-M772BH550GL',
      technology: 'mtSiMono',
      cellsInSeries: 72,
      cellsInParallel: 2,
      pNom: 550,
      isc: 14,
      voc: 49.9,
      imp: 13.11,
      vmp: 41.96,
      rShunt: 300,
      rShunt0: 2000,
      rShuntExp: 5.5,
      rSerie: 0.203,
      gamma: 0.98,
      muGamma: -0.0001,
      width: 1.134,
      height: 2.278,
    });
    expect(pan.muIsc).toBeCloseTo(0.00728, 12);
    expect(pan.muVoc).toBeCloseTo(-0.128, 12);
    expect(pan.iam?.angles).toEqual([0, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(pan.iam?.factors[7]).toBe(0.66);
    const root = parsePvsystText(panText);
    expect(root.children[0]!.type).toBe('pvModule');
    expect(root.children[0]!.children.map((c) => c.type)).toEqual(['pvCommercial', 'pvIAM']);
  });

  it('STC Pmax of the fitted PVsyst model matches the nameplate within 0.5 %', () => {
    const pan = parsePanFile(panText);
    const m: ModuleModel = { model: 'pvsyst', ...pvsystParamsFromPan(pan) };
    const r = moduleMpp(STC, m);
    const nameplate = pan.pNom!;
    console.log(
      `PAN ET-M772BH550GL: model Pmp ${r.pmp.toFixed(2)} W (${((r.pmp / nameplate - 1) * 100).toFixed(3)} % vs PNom ` +
        `${nameplate} W), Vmp ${r.vmp.toFixed(3)} V, Imp ${r.imp.toFixed(3)} A, Voc ${r.voc.toFixed(3)} V, Isc ${r.isc.toFixed(3)} A`,
    );
    expect(Math.abs(r.pmp / nameplate - 1)).toBeLessThan(0.005);
    expect(Math.abs(r.pmp / (pan.imp! * pan.vmp!) - 1)).toBeLessThan(0.005);
    expect(close(r.voc, pan.voc, { rtol: 1e-9 })).toBe(true);
    expect(close(r.isc, pan.isc, { rtol: 1e-9 })).toBe(true);
    // Low-light behaviour from the exponential shunt: efficiency at 200 W/m² within 4 % of STC.
    const low = moduleMpp({ effectiveIrradiance: 200, tempCell: 25 }, m).pmp / 0.2;
    expect(low / r.pmp).toBeGreaterThan(0.96);
    expect(low / r.pmp).toBeLessThan(1);
  });

  it('parses defensively: CRLF, BOM, decimal commas, unmatched ends; refuses binary and gaps', () => {
    const messy =
      '\uFEFF' +
      panText.replace(/\n/g, '\r\n').replace('Width=1.134', 'Width=1,134') +
      '\r\nEnd of nothing\r\n';
    expect(parsePanFile(messy).width).toBe(1.134);
    expect(parsePanFile(messy).cellsInSeries).toBe(72);
    expect(() => parsePanFile('PVObject_=pvModule\u0000\u0001')).toThrow(/binary/i);
    expect(() => parsePanFile(panText.replace(/\s*RSerie=.*\n/, '\n'))).toThrow(/RSerie/);
  });
});

describe('PVsyst 7.2 module file of the public SDK (First Solar FS-6480-P, a Remarks list)', () => {
  const sdkPan = fs.readFileSync(
    path.join(
      SHARED_DIR,
      'clients',
      'plantpredict-python-sdk',
      'example_usage',
      'FS-6480-P CdTe January2022_v7211.PAN',
    ),
    'latin1',
  );

  it('ignores an `End of` that matches no open object (`End of Remarks=.` inside pvCommercial)', () => {
    const text = [
      'PVObject_=pvModule',
      '  PVObject_Commercial=pvCommercial',
      '    Manufacturer=First Solar',
      '    Remarks, Count=1',
      '      Str_1=Frame',
      '    End of Remarks=.',
      '    Model=FS-6480-P',
      '  End of PVObject pvCommercial',
      '  NCelS=264',
      'End of PVObject pvModule',
      'End of nothing',
    ].join('\n');
    const root = parsePvsystText(text);
    expect(root.children).toHaveLength(1);
    const module = root.children[0]!;
    expect(module.type).toBe('pvModule');
    expect(module.values.NCelS).toBe('264');
    expect(module.children[0]!.values).toMatchObject({ Manufacturer: 'First Solar', Model: 'FS-6480-P' });
    expect(root.values).toEqual({ PVObject_: 'pvModule' });
  });

  it('reads the module: 264 cells, 480 W, the datasheet values and the commercial data', () => {
    const pan = parsePanFile(sdkPan);
    expect(pan).toMatchObject({
      manufacturer: 'First Solar',
      model: 'FS-6480-P/FS-6480-P-I Jan2022',
      technology: 'mtCdTe',
      cellsInSeries: 264,
      pNom: 480,
      isc: 2.62,
      voc: 225.4,
      width: 1.245,
    });
  });
});

describe('OA example First Solar FS-7505A-TR1 (CdTe, pvModel 0, recombination)', () => {
  it('gives 505 W at STC within 1 %', () => {
    const p = pvsystParamsFromModule(oaFields);
    const r = moduleMpp(STC, { model: 'pvsyst', ...p });
    console.log(
      `OA FS-7505A-TR1: Pmp ${r.pmp.toFixed(2)} W (${((r.pmp / 505 - 1) * 100).toFixed(3)} % vs 505 W), ` +
        `Vmp ${r.vmp.toFixed(2)} V (182.47), Imp ${r.imp.toFixed(4)} A (2.767), Voc ${r.voc.toFixed(3)} V (223.931), ` +
        `Isc ${r.isc.toFixed(4)} A (3.013)`,
    );
    expect(Math.abs(r.pmp / 505 - 1)).toBeLessThan(0.01);
    expect(close(r.isc, 3.013, { rtol: 1e-9 })).toBe(true);
    expect(close(r.voc, 223.931, { rtol: 0.002 })).toBe(true);
    expect(close(r.vmp, 182.47, { rtol: 0.01 })).toBe(true);
    expect(close(r.imp, 2.767, { rtol: 0.01 })).toBe(true);
    // Without the recombination term (pvModel 1) the same parameters give more power.
    const plain = moduleMpp(STC, { model: 'pvsyst', ...p, pvModel: 1 });
    expect(plain.pmp).toBeGreaterThan(r.pmp * 1.03);
  });

  it('FS-495 PVsyst parameters (public First Solar data) give the rated 95 W within 1 %', () => {
    const b = {
      rS: 4.6,
      rShRef: 5000,
      gammaRef: 1.48,
      cellsInSeries: 108,
      d2MuTau: 1.31,
      builtInVoltage: 0.9,
    };
    const m: ModuleModel = {
      model: 'pvsyst',
      pvModel: 0,
      ...b,
      ...pvsystReference({ ...b, isc: 1.55, i0: 0.962e-9 }),
      muGamma: 0.001,
      rSh0: 12500,
      rShExp: 3.1,
      alphaSc: 0.00039,
      egRef: 1.475,
    };
    const r = moduleMpp(STC, m);
    expect(Math.abs(r.pmp / (1.4 * 67.85) - 1)).toBeLessThan(0.01);
    expect(close(r.voc, 86.5, { rtol: 0.01 })).toBe(true);
  });
});

describe('PVsyst translation', () => {
  const base: PvsystParams = pvsystParamsFromModule(oaFields);

  it('shunt resistance: Rsh(Gref) = Rsh,ref, Rsh(0) = Rsh(0), monotone in between', () => {
    const p = { rShRef: 300, rSh0: 2000, rShExp: 5.5 };
    expect(pvsystShuntResistance({ effectiveIrradiance: 1000 }, p)).toBeCloseTo(300, 9);
    expect(pvsystShuntResistance({ effectiveIrradiance: 0 }, p)).toBeCloseTo(2000, 9);
    const r200 = pvsystShuntResistance({ effectiveIrradiance: 200 }, p);
    expect(r200).toBeGreaterThan(300);
    expect(r200).toBeLessThan(2000);
    const t = calcparamsPvsyst(
      { effectiveIrradiance: 200, tempCell: 25 },
      { ...base, rShRef: 300, rSh0: 2000 },
    );
    expect(t.resistanceShunt).toBeCloseTo(r200, 9);
  });

  it('reproduces the reference parameters at STC; Iph ∝ G; γ and I0 move with temperature', () => {
    const stc = calcparamsPvsyst(STC, base);
    expect(stc.photocurrent).toBe(base.iLRef);
    expect(stc.saturationCurrent).toBe(base.iORef);
    expect(stc.nNsVth).toBeCloseTo(268 * 1.452 * 0.025693, 3);
    expect(stc.d2MuTau).toBe(2.15);
    expect(stc.builtInVoltageModule).toBeCloseTo(241.2, 12);
    const half = calcparamsPvsyst({ effectiveIrradiance: 500, tempCell: 25 }, base);
    expect(half.photocurrent).toBeCloseTo(base.iLRef / 2, 12);
    const hot = calcparamsPvsyst({ effectiveIrradiance: 1000, tempCell: 65 }, { ...base, muGamma: -0.001 });
    expect(hot.nNsVth / (268 * (1.452 - 0.04) * (65 + 273.15))).toBeCloseTo(
      stc.nNsVth / (268 * 1.452 * 298.15),
      12,
    );
    expect(hot.saturationCurrent).toBeGreaterThan(stc.saturationCurrent * 100);
    expect(hot.photocurrent).toBeCloseTo(base.iLRef + base.alphaSc * 40, 12);
  });

  it('pvModel 1 drops the recombination term; pvModel 3 with a linear polynomial equals pvModel 0', () => {
    expect(calcparamsPvsyst(STC, { ...base, pvModel: 1 }).d2MuTau).toBeUndefined();
    const mu = 0.0008;
    const lin: PvsystParams = { ...base, pvModel: 0, muGamma: mu };
    const poly: PvsystParams = { ...base, pvModel: 3, gammaPolynomial: [1.452 - 25 * mu, mu, 0, 0] };
    for (const t of [-10, 25, 70]) {
      const x = { effectiveIrradiance: 800, tempCell: t };
      expect(
        close(moduleMpp(x, { model: 'pvsyst', ...poly }).pmp, moduleMpp(x, { model: 'pvsyst', ...lin }).pmp, {
          rtol: 1e-12,
        }),
      ).toBe(true);
    }
    const fields = pvsystParamsFromModule({
      ...oaFields,
      pvModel: 3,
      aGamma: 1.4,
      bGamma: 0.002,
      cGamma: 0,
      dGamma: 0,
    });
    expect(fields.gammaPolynomial).toEqual([1.4, 0.002, 0, 0]);
  });

  it('the reference fit reproduces Isc and Voc exactly, with and without recombination', () => {
    for (const d of [0, 2.15]) {
      const b = {
        rS: 3.885,
        rShRef: 11500,
        gammaRef: 1.452,
        cellsInSeries: 268,
        d2MuTau: d,
        builtInVoltage: 0.9,
      };
      const ref = pvsystReference({ ...b, isc: 3.013, voc: 223.931 });
      const r = singleDiode(calcparamsPvsyst(STC, { ...b, ...ref, alphaSc: 0, pvModel: d > 0 ? 0 : 1 }));
      expect(close(r.isc, 3.013, { rtol: 1e-10 })).toBe(true);
      expect(close(r.voc, 223.931, { rtol: 1e-10 })).toBe(true);
    }
    expect(() => pvsystReference({ isc: 1, rS: 0, rShRef: 1, gammaRef: 1, cellsInSeries: 1 })).toThrow();
  });

  it('series form at one cell temperature equals the form with a filled column, bit for bit', () => {
    const m: ModuleModel = { model: 'pvsyst', ...base };
    const s = Float64Array.of(0, 5, 120, 640, 1010, 0, 300);
    const n = s.length;
    const f = () => ({ pmp: new Float64Array(n), vmp: new Float64Array(n), imp: new Float64Array(n) });
    const a = moduleMppSeries({ effectiveIrradiance: s, tempCell: 25 }, m, f(), {
      addedSeriesResistance: 0.1,
    });
    const b = moduleMppSeries({ effectiveIrradiance: s, tempCell: new Float64Array(n).fill(25) }, m, f(), {
      addedSeriesResistance: 0.1,
    });
    expect(a).toEqual(b);
  });

  it('series form equals the scalar form for the recombination model; night gives zeros', () => {
    const m: ModuleModel = { model: 'pvsyst', ...base };
    const s = Float64Array.of(0, 5, 120, 640, 1010, 0, 300);
    const t = Float64Array.of(5, 6, 18, 44, 61, 9, 30);
    const n = s.length;
    const out = {
      pmp: new Float64Array(n),
      vmp: new Float64Array(n),
      imp: new Float64Array(n),
      voc: new Float64Array(n),
      isc: new Float64Array(n),
    };
    moduleMppSeries({ effectiveIrradiance: s, tempCell: t }, m, out);
    for (let k = 0; k < n; k++) {
      const r = moduleMpp({ effectiveIrradiance: s[k]!, tempCell: t[k]! }, m);
      expect(close(out.pmp[k]!, r.pmp, { rtol: 1e-9 })).toBe(true);
      expect(close(out.voc[k]!, r.voc, { rtol: 1e-9 })).toBe(true);
      expect(close(out.isc[k]!, r.isc, { rtol: 1e-9 })).toBe(true);
    }
    expect(out.pmp[0]).toBe(0);
    expect(out.voc[5]).toBe(0);
  });
});
