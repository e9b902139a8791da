import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DC_AC_RATIO,
  dcAcRatio,
  fieldDcPowerFromDcAcRatio,
  fieldDcPowerFromStrings,
  moduleCount,
  modulesWide,
  numberOfSeriesStringsWiredInParallel,
  stringsWide,
} from '../../src/plant/index.ts';
import { roundRatio } from '../../src/format.ts';
import { modulesWideMessage } from '../../src/validation.ts';

describe('module count (spec 2 §9.3, spec 4 "confirmed calculation")', () => {
  it('is field DC power × 1000 / planned module rating, not rounded', () => {
    expect(moduleCount({ fieldDcPower: 864, plannedModuleRating: 400 })).toBe(2160);
    expect(moduleCount({ fieldDcPower: 1000, plannedModuleRating: 450 })).toBeCloseTo(2222.2222, 4);
  });

  it('is NaN without a positive rating', () => {
    expect(moduleCount({ fieldDcPower: 864, plannedModuleRating: 0 })).toBeNaN();
  });
});

describe('strings in parallel and field DC power (SDK _validate_dc_field_sizing)', () => {
  it('gives the SDK numbers: 864 kW of 400 W modules, 20 in series → 108 strings, and back', () => {
    // python: PowerPlant._validate_dc_field_sizing(864, None, 400, 20) → (864, 108.0)
    expect(
      numberOfSeriesStringsWiredInParallel({
        fieldDcPower: 864,
        plannedModuleRating: 400,
        modulesWiredInSeries: 20,
      }),
    ).toBe(108);
    // python: PowerPlant._validate_dc_field_sizing(None, 108, 400, 20) → (864.0, 108)
    expect(
      fieldDcPowerFromStrings({
        numberOfSeriesStringsWiredInParallel: 108,
        plannedModuleRating: 400,
        modulesWiredInSeries: 20,
      }),
    ).toBe(864);
  });

  it('keeps a fractional string count and round-trips', () => {
    const s = numberOfSeriesStringsWiredInParallel({
      fieldDcPower: 1000,
      plannedModuleRating: 545,
      modulesWiredInSeries: 28,
    });
    expect(s).toBeCloseTo(65.531, 3);
    expect(
      fieldDcPowerFromStrings({
        numberOfSeriesStringsWiredInParallel: s,
        plannedModuleRating: 545,
        modulesWiredInSeries: 28,
      }),
    ).toBeCloseTo(1000, 10);
  });

  it('is NaN for a zero string power', () => {
    expect(
      numberOfSeriesStringsWiredInParallel({
        fieldDcPower: 1,
        plannedModuleRating: 400,
        modulesWiredInSeries: 0,
      }),
    ).toBeNaN();
  });
});

describe('DC:AC helpers', () => {
  it('field DC power = ratio × setpoint (SDK calculate_field_dc_power_from_dc_ac_ratio(1.2, 720.0) = 864.0)', () => {
    expect(fieldDcPowerFromDcAcRatio({ dcAcRatio: 1.2, setpointkW: 720 })).toBeCloseTo(864, 12);
  });

  it('defaults to the ratio 1.2 (spec 2 §9.2)', () => {
    expect(DEFAULT_DC_AC_RATIO).toBe(1.2);
    expect(fieldDcPowerFromDcAcRatio({ setpointkW: 499.12345678 })).toBeCloseTo(598.948148136, 9);
  });

  it('the ratio is the inverse, shown with 4 decimals', () => {
    expect(roundRatio(dcAcRatio({ fieldDcPower: 1000, setpointkW: 720 }))).toBe(1.3889);
    expect(dcAcRatio({ fieldDcPower: 864, setpointkW: 0 })).toBeNaN();
  });
});

describe('modules wide (SDK _calculate_modules_wide) and the Modules Wide rule (spec 1 §5)', () => {
  it('modules wide = strings wide × modules per string', () => {
    // python: PowerPlant._calculate_modules_wide(3, 28) → 84
    expect(modulesWide({ stringsWide: 3, modulesWiredInSeries: 28 })).toBe(84);
  });

  it('strings wide with the rule of validation.ts', () => {
    expect(stringsWide({ modulesWide: 84, modulesWiredInSeries: 28 })).toEqual({
      stringsWide: 3,
      error: null,
    });
    const broken = stringsWide({ modulesWide: 20, modulesWiredInSeries: 28 });
    expect(broken.stringsWide).toBeCloseTo(20 / 28, 12);
    expect(broken.error).toBe(
      'Modules Wide must be an integer multiple of Modules Per String. Modules per string is 28.',
    );
    expect(broken.error).toBe(modulesWideMessage(28));
  });
});
