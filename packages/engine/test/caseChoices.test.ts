/**
 * Choices the engine has that a case selects (issue 17): every transposition (the chain's kernels
 * against the reference vectors, the case numbers and the summary's names), the DC field's Faiman, PVsyst
 * and Fuentes cell temperatures, DIRINT's Δkt′ and precipitable-water source, and a constant albedo
 * or soiling. Each checks the reader's range errors (naming the path) and the defaults it notes.
 */
import { describe, expect, it } from 'vitest';
import { TranspositionModelType } from '../src/chain/choices.ts';
import { cosAoiKernel } from '../src/geometry/aoi.ts';
import { findCecRecord } from '../src/library/cecCsv.ts';
import { cecInverterRecord } from '../src/library/cecRecords.ts';
import { klucherKernel } from '../src/irradiance/transposition/klucher.ts';
import { reindlKernel } from '../src/irradiance/transposition/reindl.ts';
import { CaseValidationError } from '../src/simulate/read.ts';
import { resolveCase } from '../src/simulate/resolveCase.ts';
import { simulate, type SimulationResult } from '../src/simulate/simulate.ts';
import { close, loadGolden } from './golden.ts';
import { cecLibraries, greensboroWeather, smallCase, type SmallCase } from './simulateFixtures.ts';

const DEG = Math.PI / 180;
const run = (c: SmallCase): SimulationResult =>
  simulate(c, greensboroWeather(), { libraries: cecLibraries() });
const resolve = (c: SmallCase) => resolveCase(c, greensboroWeather(), cecLibraries());
const field = (c: SmallCase) => c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!;
const FIELD = 'powerPlant.blocks[0].arrays[0].inverters[0].dcFields[0]';

function errorsOf(c: SmallCase): string[] {
  try {
    resolve(c);
  } catch (e) {
    if (e instanceof CaseValidationError) return [...e.errors];
    throw e;
  }
  return [];
}

describe('transposition kernels of the chain (golden get_total_irradiance.json, rtol 1e-6)', () => {
  type In = {
    surface_tilt: number;
    surface_azimuth: number;
    solar_zenith: number;
    solar_azimuth: number;
    dni: number;
    ghi: number;
    dhi: number;
    dni_extra: number;
    model: string;
  };
  const golden = loadGolden<In, { poa_sky_diffuse: number }>('get_total_irradiance.json');
  const r = new Float64Array(9);
  for (const model of ['reindl', 'klucher'] as const)
    it(`${model}: isotropic + circumsolar + horizon parts add up to the model's sky diffuse`, () => {
      const cases = golden.cases.filter((c) => c.inputs.model === model);
      expect(cases).toHaveLength(40);
      for (const { inputs: i, outputs } of cases) {
        const z = i.solar_zenith * DEG;
        const c = cosAoiKernel(i.surface_tilt * DEG, i.surface_azimuth * DEG, z, i.solar_azimuth * DEG);
        const cosTilt = Math.cos(i.surface_tilt * DEG);
        if (model === 'reindl') reindlKernel(i.dhi, i.dni, i.ghi, i.dni_extra, Math.cos(z), c, cosTilt, r);
        else klucherKernel(i.dhi, i.ghi, Math.cos(z), c, cosTilt, r);
        const sky = r[0]! + r[1]! + r[2]!;
        expect(
          close(sky, outputs.poa_sky_diffuse, { rtol: 1e-6, atol: 1e-9 }),
          `${sky} vs ${outputs.poa_sky_diffuse}`,
        ).toBe(true);
      }
    });
});

describe('transposition choices of the case', () => {
  it('offers Hay 0, Perez 1 and the engine 100 isotropic, 101 Reindl, 102 Klucher, and names the others in the error', () => {
    expect(TranspositionModelType).toEqual({ Hay: 0, Perez: 1, Isotropic: 100, Reindl: 101, Klucher: 102 });
    expect(errorsOf(smallCase((c) => (c.prediction.transpositionModel = 2)))).toEqual([
      'prediction.transpositionModel: must be one of 0 Hay, 1 Perez, 100 Isotropic, 101 Reindl, 102 Klucher (got 2)',
    ]);
  });

  it('runs each one; the summary names it; the anisotropic models put more light on a south-facing tilt', () => {
    const poa: Record<string, number> = {};
    for (const [model, name] of [
      [0, 'Hay'],
      [1, 'Perez'],
      [100, 'Isotropic'],
      [101, 'Reindl'],
      [102, 'Klucher'],
    ] as const) {
      const r = run(smallCase((c) => (c.prediction.transpositionModel = model)));
      expect(r.summary.transpositionModel).toBe(name);
      expect(r.summary.perezCoefficients).toBe(model === 1 ? 'allsitescomposite1990' : '');
      poa[name] = r.years[0]!.poaInsolation;
    }
    // Reindl is Hay–Davies plus horizon brightening: a little more, within 2 %
    expect(poa.Reindl!).toBeGreaterThan(poa.Hay!);
    expect(poa.Reindl! / poa.Hay!).toBeLessThan(1.02);
    for (const m of ['Hay', 'Perez', 'Reindl', 'Klucher']) expect(poa[m]!).toBeGreaterThan(poa.Isotropic!);
  });
});

describe('cell temperature choices of the DC field', () => {
  const temperature = (edit: (c: SmallCase) => void) => {
    const rc = resolve(smallCase(edit));
    return { d: rc.plant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!, notes: rc.defaultsApplied };
  };

  it('Faiman (100) with U0, U1 from the DC field, or 25 and 6.84 noted', () => {
    const own = temperature((c) => {
      c.prediction.modTempModel = 3;
      Object.assign(field(c), { modTempModel: 100, faimanU0: 30, faimanU1: 5 });
    });
    expect(own.d.temperature).toEqual({ model: 'faiman', u0: 30, u1: 5 });
    const dflt = temperature((c) => (c.prediction.modTempModel = 100));
    expect(dflt.d.temperature).toEqual({ model: 'faiman', u0: 25, u1: 6.84 });
    expect(dflt.notes).toEqual(
      expect.arrayContaining([`${FIELD}.faimanU0 = 25`, `${FIELD}.faimanU1 = 6.84`]),
    );
  });

  it('PVsyst (101) takes the efficiency given, not the module rating; 0.1 noted when absent', () => {
    const own = temperature((c) => {
      c.prediction.modTempModel = 3;
      Object.assign(field(c), {
        modTempModel: 101,
        heatBalanceConductiveCoef: 25,
        heatBalanceConvectiveCoef: 1.2,
        heatAbsorptionCoefAlphaT: 0.85,
        moduleEfficiency: 0.21,
      });
    });
    expect(own.d.temperature).toEqual({
      model: 'heatBalance',
      uC: 25,
      uV: 1.2,
      alpha: 0.85,
      efficiency: 0.21,
    });
    const dflt = temperature((c) => (c.prediction.modTempModel = 101));
    expect(dflt.d.temperature).toMatchObject({ model: 'heatBalance', efficiency: 0.1 });
    expect(dflt.notes).toEqual(expect.arrayContaining([`${FIELD}.moduleEfficiency = 0.1`]));
    // heat balance 0 keeps the module's STC efficiency (CS3U-400MS: 400 W on 2.0 m²)
    const zero = temperature(() => undefined);
    expect((zero.d.temperature as { efficiency: number }).efficiency).toBeGreaterThan(0.19);
  });

  it('Fuentes (102) with the installed NOCT and the field tilt; defaults noted', () => {
    const t = temperature((c) => {
      c.prediction.modTempModel = 3;
      Object.assign(field(c), { modTempModel: 102, nominalOperatingCellTemperature: 49 });
    });
    expect(t.d.temperature).toEqual({
      model: 'fuentes',
      noctInstalled: 49,
      moduleHeight: 5,
      windHeight: 9.144,
      emissivity: 0.84,
      absorption: 0.83,
      characteristicLength: 0.5,
      surfaceTilt: 25,
    });
    expect(t.notes).toEqual(
      expect.arrayContaining([`${FIELD}.fuentesModuleHeight = 5`, `${FIELD}.fuentesWindHeight = 9.144`]),
    );
  });

  it('checks the ranges, naming the path', () => {
    const errors = errorsOf(
      smallCase((c) => {
        c.prediction.modTempModel = 3;
        Object.assign(field(c), { modTempModel: 100, faimanU0: -1, faimanU1: 'x' });
      }),
    );
    expect(errors).toEqual([
      `${FIELD}.faimanU0: must be a number > 0 from 0 to 200 (got -1)`.replace(' from 0 to 200', ' ≤ 200'),
      `${FIELD}.faimanU1: must be a number from 0 to 100 (got "x")`,
    ]);
    expect(errorsOf(smallCase((c) => Object.assign(field(c), { modTempModel: 7 })))[0]).toMatch(
      /dcFields\[0\]\.modTempModel: must be one of 0 HeatBalance, 1 Sandia, 2 Noct, 100 Faiman, 101 Pvsyst, 102 Fuentes/,
    );
    expect(
      errorsOf(
        smallCase((c) => {
          c.prediction.modTempModel = 101;
          field(c).moduleEfficiency = 20;
        }),
      ),
    ).toEqual([`${FIELD}.moduleEfficiency: must be a number from 0 to 0.5 (got 20)`]);
  });

  it('runs each one and names it in the summary; Fuentes and Faiman run cooler than 29/0 heat balance', () => {
    const energy: Record<string, number> = {};
    for (const [model, name] of [
      [0, 'Heat Balance'],
      [100, 'Faiman'],
      [101, 'PVsyst'],
      [102, 'Fuentes'],
    ] as const) {
      const r = run(smallCase((c) => (c.prediction.modTempModel = model)));
      expect(r.summary.moduleTemperatureModel).toBe(name);
      energy[name] = r.years[0]!.dcEnergy;
    }
    expect(energy.Faiman!).toBeGreaterThan(energy['Heat Balance']!);
    expect(energy.Fuentes!).toBeGreaterThan(energy['Heat Balance']!);
    const own = run(
      smallCase((c) => {
        c.prediction.modTempModel = 3;
        field(c).modTempModel = 102;
      }),
    );
    expect(own.summary.moduleTemperatureModel).toBe('DC Field Defined (Fuentes)');
    expect(own.years[0]!.dcEnergy).toBe(energy.Fuentes);
  });
});

describe('DIRINT options of the prediction', () => {
  // Greensboro TMY3 has GHI, DNI, DHI, dew point and no precipitable-water column
  const dirint = (edit: (c: SmallCase) => void = () => undefined) =>
    resolve(
      smallCase((c) => {
        c.prediction.diffuseDirectDecompModel = 2;
        edit(c);
      }),
    );

  it('defaults: Δkt′ on, the dew point as the water source; both noted', () => {
    const rc = dirint();
    expect(rc.prediction.decomposition).toEqual({ model: 2, useDeltaKtPrime: true, water: 'dewPoint' });
    expect(rc.defaultsApplied).toEqual(
      expect.arrayContaining([
        'prediction.dirintUseDeltaKtPrime = true',
        'prediction.dirintWaterSource = 3 (DewPoint)',
      ]),
    );
  });

  it('switches Δkt′ off and the water to none, which changes the result', () => {
    const rc = dirint((c) =>
      Object.assign(c.prediction, { dirintUseDeltaKtPrime: false, dirintWaterSource: 0 }),
    );
    expect(rc.prediction.decomposition).toEqual({ model: 2, useDeltaKtPrime: false, water: 'none' });
    const a = run(smallCase((c) => (c.prediction.diffuseDirectDecompModel = 2)));
    const b = run(
      smallCase((c) =>
        Object.assign(c.prediction, {
          diffuseDirectDecompModel: 2,
          dirintUseDeltaKtPrime: false,
          dirintWaterSource: 0,
        }),
      ),
    );
    expect(b.years[0]!.poaInsolation).not.toBe(a.years[0]!.poaInsolation);
  });

  it('takes the file column when asked; refuses a source the weather lacks, and other values', () => {
    const rc = dirint((c) => (c.prediction.dirintWaterSource = 1));
    expect(rc.prediction.decomposition).toMatchObject({ water: 'precipitableWater' });
    const { precipitableWater: _, ...dry } = greensboroWeather();
    const c = smallCase((x) =>
      Object.assign(x.prediction, { diffuseDirectDecompModel: 2, dirintWaterSource: 1 }),
    );
    expect(() => resolveCase(c, dry, cecLibraries())).toThrow(
      'prediction.dirintWaterSource: 1 (precipitable water) needs a precipitable-water column in the weather file',
    );
    expect(
      errorsOf(
        smallCase((x) =>
          Object.assign(x.prediction, {
            diffuseDirectDecompModel: 2,
            dirintWaterSource: 2,
            dirintUseDeltaKtPrime: 1,
          }),
        ),
      ),
    ).toEqual([
      'prediction.dirintUseDeltaKtPrime: must be true or false (got 1)',
      'prediction.dirintWaterSource: must be one of 0 None, 1 PrecipitableWater, 3 DewPoint (got 2)',
    ]);
  });
});

describe('constant albedo and soiling', () => {
  it('fill every month not given, without a default note; monthly entries still win', () => {
    const rc = resolve(
      smallCase((c) =>
        Object.assign(c.prediction, {
          albedo: 0.3,
          soilingLoss: 2,
          monthlyFactors: [{ month: 7, albedo: 0.25, soilingLoss: 4 }],
        }),
      ),
    );
    const albedo = Array<number>(12).fill(0.3);
    albedo[6] = 0.25;
    const soiling = Array<number>(12).fill(2);
    soiling[6] = 4;
    expect(rc.prediction.monthlyAlbedo).toEqual(albedo);
    expect(rc.prediction.monthlySoiling).toEqual(soiling);
    expect(rc.defaultsApplied.some((d) => d.startsWith('prediction.monthlyFactors[].albedo'))).toBe(false);
    expect(rc.defaultsApplied.some((d) => d.startsWith('prediction.monthlyFactors[].soilingLoss'))).toBe(
      false,
    );
    const plain = resolve(smallCase());
    expect(plain.defaultsApplied).toEqual(
      expect.arrayContaining(['prediction.monthlyFactors[].albedo = 0.2 where not given']),
    );
  });

  it('checks their ranges', () => {
    expect(
      errorsOf(smallCase((c) => Object.assign(c.prediction, { albedo: 1.5, soilingLoss: 'x' }))),
    ).toEqual([
      'prediction.albedo: must be a number from 0 to 1 (got 1.5)',
      'prediction.soilingLoss: must be a number from -100 to 100 (got "x")',
    ]);
  });

  it('a constant 3 % soiling takes 3 % off the soiled irradiance', () => {
    const a = run(smallCase());
    const b = run(smallCase((c) => (c.prediction.soilingLoss = 3)));
    expect(b.years[0]!.dcEnergy / a.years[0]!.dcEnergy).toBeCloseTo(0.97, 2);
  });
});

describe('defaults that change a result, in the run’s assumptions (issue 17)', () => {
  it('says once per module that the physical IAM assumes an anti-reflective coating', () => {
    const coating = (notes: readonly string[]) => notes.filter((n) => n.includes('useAntiReflectiveCoating'));
    const physical = resolve(
      smallCase((c) => {
        c.prediction.incAngleModel = 6;
        const inverter = c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!;
        inverter.dcFields.push({ ...inverter.dcFields[0]!, name: 2 });
      }),
    );
    const notes = coating(physical.defaultsApplied);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^module "CSI Solar .*CS3U-400MS"\.useAntiReflectiveCoating = true \(physical IAM with a coating of index 1\.29; the module does not say\)$/,
    );
    expect(coating(resolve(smallCase((c) => (c.prediction.incAngleModel = 3))).defaultsApplied)).toEqual([]);
  });

  const SB77 = 'SMA America: SB7.7-1SP-US-40 [240V]'; // in both CEC inverter lists
  const withInverter = (inverter: unknown) =>
    resolve(
      smallCase((c) => {
        c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.inverter = inverter;
      }),
    ).defaultsApplied.filter((n) => n.startsWith('inverter "'));

  it('says when the 2022 CEC inverter list’s entry is used over the 2019 entry of the same name', () => {
    expect(withInverter(SB77)).toEqual([
      `inverter "${SB77}" = the entry of sam-library-cec-inverters-2022-02-18.csv (newest first); ` +
        'sam-library-cec-inverters-2019-03-05.csv has an entry of the same name, not used',
      `inverter "${SB77}".DC limits = minimum MPPT voltage 270 V, maximum MPPT voltage 480 V, maximum DC voltage 480 V, ` +
        'maximum DC current 22.0721 A (from sam-library-cec-inverters-2022-02-18.csv; the case does not give them)',
    ]);
    // A name only the 2022 list has: its DC limits, nothing about 2019.
    const only2022 = withInverter('SMA America: SB3.0-1SP-US-41 [240V]');
    expect(only2022).toHaveLength(1);
    expect(only2022[0]).toMatch(
      /^inverter "SMA America: SB3\.0-1SP-US-41 \[240V\]"\.DC limits = minimum MPPT/,
    );
  });

  it('says which DC limits an inverter took from its CEC list, and none the case gives or removes', () => {
    const lib = 'sam-library-cec-inverters-2019-03-05.csv';
    expect(withInverter({ library: lib, name: SB77, maxCurrent: 20, minVoltage: null })).toEqual([
      `inverter "${SB77}".DC limits = maximum MPPT voltage 480 V, maximum DC voltage 480 V ` +
        `(from ${lib}; the case does not give them)`,
    ]);
    const none = { minVoltage: null, maxMPPVoltage: null, maxAbsoluteVoltage: null, maxCurrent: null };
    expect(withInverter({ library: lib, name: SB77, ...none })).toEqual([]);
    // A record of the case's own (no library): nothing to say.
    const own = cecInverterRecord(findCecRecord(cecLibraries().inverters!.get(lib)!, SB77));
    expect(withInverter(own)).toEqual([]);
  });
});
