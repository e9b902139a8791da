/**
 * A module's own shading response (`moduleShadingResponse`, used with directBeamShadingModel 5) is
 * numbered as spec 1 §3 and the module library number it, like the beam shading models: linear 0,
 * none 1, fractional effect 3, module-file defined 5, step fractional 6. So a module whose response
 * is n, under the module-file-defined model, gives the energy of the prediction model n.
 */
import { describe, expect, it } from 'vitest';
import { CaseValidationError } from '../src/simulate/read.ts';
import { simulate } from '../src/simulate/simulate.ts';
import { cecLibraries, greensboroWeather, MODULE_LIST, smallCase } from './simulateFixtures.ts';

const MODULE = 'CSI Solar Co., Ltd. CS3U-400MS';

/**
 * DC energy of year 1 with a dense fixed-tilt field (rows shade each other), two modules high, the
 * step-fractional model on three fractions.
 */
function dcEnergy(beamModel: number, moduleResponse?: number): number {
  const c = smallCase((k) => {
    k.prediction.directBeamShadingModel = beamModel;
    k.prediction.numberOfModuleFractions = 3;
    const field = k.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!;
    Object.assign(field, { groundCoverageRatio: 0.7, modulesHigh: 2, moduleOrientation: 1 });
    field.module = {
      library: MODULE_LIST,
      name: MODULE,
      electricalShadingFractionalEffect: 80,
      ...(moduleResponse !== undefined ? { moduleShadingResponse: moduleResponse } : {}),
    };
  });
  return simulate(c, greensboroWeather(), { libraries: cecLibraries() }).years[0]!.dcEnergy;
}

describe('module shading response (spec 1 numbering)', () => {
  const byModel = new Map([0, 1, 3, 6].map((n) => [n, dcEnergy(n)]));

  it('the beam models differ on this field (the comparison below means something)', () => {
    const values = [...byModel.values()];
    expect(new Set(values).size).toBe(values.length);
  });

  it.each([
    [0, 'linear', 0],
    [1, 'none', 1],
    [3, 'fractional effect', 3],
    [6, 'step fractional', 6],
  ])('module response %i (%s) under model 5 equals beam model %i', (n) => {
    expect(dcEnergy(5, n)).toBe(byModel.get(n));
  });

  it('a module without a response is linear under model 5', () => {
    expect(dcEnergy(5)).toBe(byModel.get(0));
  });

  it("refuses model 5 with the module's own shading table (response 5), naming the field", () => {
    let errors: string[] = [];
    try {
      dcEnergy(5, 5);
    } catch (e) {
      if (!(e instanceof CaseValidationError)) throw e;
      errors = [...e.errors];
    }
    expect(errors).toEqual([
      "powerPlant.blocks[0].arrays[0].inverters[0].dcFields[0].module.moduleShadingResponse: 5 (the module's own shading table) is not modelled: give the module another shading response, or the prediction another directBeamShadingModel",
    ]);
    // Under another beam model the module's response is not used, and the case runs.
    expect(dcEnergy(0, 5)).toBe(byModel.get(0));
  });

  it('refuses a response outside the enumeration', () => {
    expect(() => dcEnergy(0, 2)).toThrow(
      /moduleShadingResponse: must be one of 0 Linear, 1 None, 3 FractionalEffect, 5 ModuleFileDefined, 6 StepFractional \(got 2\)/,
    );
  });
});
