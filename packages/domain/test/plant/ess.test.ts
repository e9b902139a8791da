import { describe, expect, it } from 'vitest';
import {
  completeEssCapacities,
  essFactor,
  essHoursAtFullLoad,
  essNameplateCapacity,
  essUsableCapacity,
} from '../../src/plant/index.ts';

describe('energy storage conversions (spec 2 §9.3)', () => {
  it('hours at full load = efficiency/100 × usable / inverter capacity', () => {
    // 96 % of 40 MWh through a 10 MW inverter
    expect(
      essHoursAtFullLoad({ usableEnergyCapacity: 40, inverterCapacity: 10 }, { efficiency: 96 }),
    ).toBeCloseTo(3.84, 12);
  });

  it('nameplate = usable × factor; usable = nameplate / factor; the factor relates them', () => {
    expect(essNameplateCapacity({ usableEnergyCapacity: 40 }, { factor: 1.25 })).toBe(50);
    expect(essUsableCapacity({ nameplateEnergyCapacity: 50 }, { factor: 1.25 })).toBe(40);
    expect(essFactor({ usableEnergyCapacity: 40, nameplateEnergyCapacity: 50 })).toBe(1.25);
  });

  it('completes the third from any two', () => {
    expect(completeEssCapacities({ usableEnergyCapacity: 40, factor: 1.25 })).toEqual({
      nameplateEnergyCapacity: 50,
      usableEnergyCapacity: 40,
      factor: 1.25,
    });
    expect(completeEssCapacities({ nameplateEnergyCapacity: 50, factor: 1.25 })).toEqual({
      nameplateEnergyCapacity: 50,
      usableEnergyCapacity: 40,
      factor: 1.25,
    });
    expect(
      completeEssCapacities({ nameplateEnergyCapacity: 50, usableEnergyCapacity: 40, factor: 9 }).factor,
    ).toBe(1.25);
    const missing = completeEssCapacities({ usableEnergyCapacity: 40 });
    expect(missing.usableEnergyCapacity).toBe(40);
    expect(missing.nameplateEnergyCapacity).toBeNaN();
    expect(missing.factor).toBeNaN();
    expect(completeEssCapacities({ nameplateEnergyCapacity: 50, factor: 0 }).usableEnergyCapacity).toBeNaN();
  });
});
