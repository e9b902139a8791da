/**
 * The simulation case: validation (every error names its field), library references with edits, and
 * the defaults of absent fields (listed in `defaultsApplied`).
 */
import { describe, expect, it } from 'vitest';
import { CaseValidationError } from '../src/simulate/read.ts';
import { resolveCase } from '../src/simulate/resolveCase.ts';
import { caseLibraryFiles } from '../src/simulate/libraryRefs.ts';
import {
  cecLibraries,
  greensboroWeather,
  INVERTER_LIST_2019,
  MODULE_LIST,
  smallCase,
} from './simulateFixtures.ts';

function errorsOf(c: unknown): string[] {
  try {
    resolveCase(c, greensboroWeather(), cecLibraries());
  } catch (e) {
    if (e instanceof CaseValidationError) return [...e.errors];
    throw e;
  }
  return [];
}

describe('case validation', () => {
  it('names every invalid field by its path, all at once', () => {
    const errors = errorsOf(
      smallCase((c) => {
        c.project.latitude = 123;
        c.prediction.transpositionModel = 7;
        c.prediction.monthlyFactors = [{ month: 13, albedo: 0.2 }];
        const d = c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!;
        delete d.modulesWiredInSeries;
        d.numberOfSeriesStringsWiredInParallel = 'three';
        c.powerPlant.blocks[0]!.arrays[0]!.repeater = -1;
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        'project.latitude: must be a number from -90 to 90 (got 123)',
        'prediction.transpositionModel: must be one of 0 Hay, 1 Perez, 100 Isotropic, 101 Reindl, 102 Klucher (got 7)',
        'prediction.monthlyFactors[0].month: must be an integer from 1 to 12 (got 13)',
        'powerPlant.blocks[0].arrays[0].inverters[0].dcFields[0].modulesWiredInSeries: is required (an integer ≥ 1)',
        'powerPlant.blocks[0].arrays[0].inverters[0].dcFields[0].numberOfSeriesStringsWiredInParallel: must be a number ≥ 0 (got "three")',
        'powerPlant.blocks[0].arrays[0].repeater: must be an integer ≥ 0 (got -1)',
      ]),
    );
    expect(errors).toHaveLength(6);
  });

  it('asks for a ground coverage ratio when a model needs one', () => {
    const errors = errorsOf(smallCase((c) => (c.prediction.directBeamShadingModel = 0)));
    expect(errors).toEqual([
      'powerPlant.blocks[0].arrays[0].inverters[0].dcFields[0].groundCoverageRatio: is required by the beam shading model ' +
        '(or postToPostSpacing and collectorBandwidth)',
    ]);
    const ok = smallCase((c) => {
      c.prediction.directBeamShadingModel = 0;
      c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!.collectorBandwidth = 2;
      c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!.postToPostSpacing = 5;
    });
    const rc = resolveCase(ok, greensboroWeather(), cecLibraries());
    expect(rc.plant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!.geometry.gcr).toBeCloseTo(0.4, 12);
  });

  it('reports unknown library entries with the closest names, and lists that are not loaded', () => {
    const errors = errorsOf(
      smallCase((c) => {
        const i = c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!;
        i.inverter = { library: 'nowhere.csv', name: 'X' };
        i.dcFields[0]!.module = 'CSI Solar CS3U-999MS';
      }),
    );
    expect(errors[0]).toBe(
      'powerPlant.blocks[0].arrays[0].inverters[0].inverter.library: "nowhere.csv" was not loaded',
    );
    expect(errors[1]).toMatch(
      /^powerPlant\.blocks\[0\]\.arrays\[0\]\.inverters\[0\]\.dcFields\[0\]\.module: "CSI Solar CS3U-999MS" is not in .*closest: "CSI Solar Co\._ Ltd\. CS3U-/,
    );
  });

  it('checks the models against the weather: no POA for useMeteoPOAI, no soiling column', () => {
    const errors = errorsOf(
      smallCase((c) => {
        c.prediction.useMeteoPOAI = true;
        c.prediction.soilingModel = 1;
      }),
    );
    expect(errors).toEqual([
      'prediction.useMeteoPOAI: the weather file has no plane-of-array irradiance',
      'prediction.soilingModel: 1 (weather file) needs a soiling column, which no supported weather format has',
    ]);
  });

  it('warns when the weather is far from the project or in another time zone', () => {
    const far = smallCase((c) => Object.assign(c.project, { latitude: 52.3, longitude: 4.77, timeZone: 1 }));
    const rc = resolveCase(far, greensboroWeather(), cecLibraries());
    expect(rc.warnings).toHaveLength(2);
    expect(rc.warnings[0]).toMatch(/^the weather file is 6\d{3} km from the project \(36\.1, -79\.95\)/);
    expect(rc.warnings[1]).toBe("the weather file's time zone UTC-5 differs from the project's (1)");
    expect(resolveCase(smallCase(), greensboroWeather(), cecLibraries()).warnings).toEqual([]);
  });

  it('lists the lists a case needs, by name or by library reference', () => {
    expect(caseLibraryFiles(smallCase())).toEqual({
      modules: [MODULE_LIST],
      inverters: [INVERTER_LIST_2019],
    });
    const byName = smallCase((c) => (c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.inverter = 'ABB: X'));
    expect(caseLibraryFiles(byName).inverters).toEqual([
      'sam-library-cec-inverters-2022-02-18.csv',
      'sam-library-cec-inverters-2019-03-05.csv',
    ]);
  });
});

describe('case defaults and library edits', () => {
  const rc = resolveCase(smallCase(), greensboroWeather(), cecLibraries());
  const node = rc.plant.blocks[0]!.arrays[0]!.inverters[0]!;
  const field = node.dcFields[0]!;

  it('applies the documented model defaults and lists them', () => {
    const p = rc.prediction;
    expect(p.transposition).toEqual({ model: 1, coefficients: 'allsitescomposite1990' });
    expect(p.decompositionModel).toBe(3); // the TMY3 has DNI and DHI
    expect(p.airMass).toBe(0);
    expect(p.modTempModel).toBe(0);
    expect(p.incAngleModel).toBe(3);
    expect(p.spectralWeatherType).toBe(1); // the TMY3 has precipitable water
    expect(p.monthlyAlbedo).toEqual(new Array(12).fill(0.2));
    expect(p.uncertainty).toEqual({ spaVar: 2, modelAcc: 2.9, intAnnVar: 3, sensAcc: 5, monAcc: 2 });
    expect(rc.defaultsApplied).toEqual(
      expect.arrayContaining([
        'prediction.airMassModel = 0 (BirdHulstrom)',
        'prediction.modTempModel = 0 (HeatBalance)',
        'powerPlant.blocks[0].arrays[0].inverters[0].dcFields[0].dcHealth = 1',
        'powerPlant.blocks[0].arrays[0].inverters[0].dcFields[0].dcWiringLossAtSTC = 1.5',
        'powerPlant.blocks[0].arrays[0].dasLoad = 800',
      ]),
    );
  });

  it('takes the site from the project, the elevation from the weather when absent', () => {
    expect(rc.site).toMatchObject({ latitude: 36.1, longitude: -79.95, altitude: 273 });
    const noElevation = smallCase((c) => delete c.project.elevation);
    const r2 = resolveCase(noElevation, greensboroWeather(), cecLibraries());
    expect(r2.project.elevation).toBe(273);
    expect(r2.defaultsApplied).toContain('project.elevation = 273 (weather file)');
  });

  it('resolves a CEC module and inverter into the models (CEC six-parameter, Sandia) with the list limits', () => {
    expect(field.module.model).toMatchObject({ model: 'cec', aRef: 1.79878, adjust: 6.09187 });
    expect(field.dcCapacity).toBeCloseTo(400.248 * 16, 9);
    expect(field.wiring.addedResistance).toBeCloseTo((0.015 * 400.248) / 9.81 ** 2, 12);
    expect(node.params.efficiency).toMatchObject({ type: 'sandia', params: { paco: 7760 } });
    expect(node.params.dcLimits).toEqual({
      minVoltage: 270,
      maxMPPVoltage: 480,
      maxAbsoluteVoltage: 480,
      maxCurrent: 22.071393,
    });
    expect(node.params.setpoint).toBe(7760);
    expect(rc.plant.blocks[0]!.arrays[0]!.params.transformer).toEqual({
      rating: 7760,
      noLoadLoss: 0.2,
      fullLoadLoss: 0.7,
    });
  });

  it('replaces a library entry’s values by the keys beside its name (null removes a limit)', () => {
    const edited = smallCase((c) => {
      c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.inverter = {
        library: INVERTER_LIST_2019,
        name: 'SMA America: SB7.7-1SP-US-40 [240V]',
        maxCurrent: null,
        minVoltage: 250,
      };
    });
    const n = resolveCase(edited, greensboroWeather(), cecLibraries()).plant.blocks[0]!.arrays[0]!
      .inverters[0]!;
    expect(n.params.dcLimits).toEqual({ minVoltage: 250, maxMPPVoltage: 480, maxAbsoluteVoltage: 480 });
  });

  it('gives equal DC fields equal keys whatever their names and repeaters', () => {
    const two = smallCase((c) => {
      const inv = c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!;
      inv.dcFields.push({ ...inv.dcFields[0]!, name: 2, repeater: 3 });
    });
    const fields = resolveCase(two, greensboroWeather(), cecLibraries()).plant.blocks[0]!.arrays[0]!
      .inverters[0]!.dcFields;
    expect(fields[0]!.dcKey).toBe(fields[1]!.dcKey);
    expect(fields[1]!.repeater).toBe(3);
  });
});
