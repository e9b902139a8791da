/**
 * Energy-storage sizing conversions of the builder (spec 2 §9.3), the engine's own formulas
 * (`@sunfield/engine` storage/essFormulas.ts) re-exported, so that the form and the simulation share
 * one implementation:
 *
 * - `essHoursAtFullLoad({ usableEnergyCapacity, inverterCapacity }, { efficiency })`:
 *   h = η/100 · E_usable / P_inverter (energy and power in matching units, e.g. MWh and MW);
 * - `essNameplateCapacity({ usableEnergyCapacity }, { factor })`: E_nameplate = E_usable · factor;
 * - `essUsableCapacity({ nameplateEnergyCapacity }, { factor })`: E_usable = E_nameplate / factor;
 * - `essFactor({ usableEnergyCapacity, nameplateEnergyCapacity })`: factor = E_nameplate / E_usable.
 *
 * Spec 2 §9.3 also writes "factor = usable / nameplate", which contradicts "nameplate = usable × factor"
 * unless the factor is 1; the engine (and this) take the form for which the three are inverse of one
 * another (the factor ≥ 1, nameplate over usable).
 */
export { essFactor, essHoursAtFullLoad, essNameplateCapacity, essUsableCapacity } from '@sunfield/engine';
import { essFactor, essNameplateCapacity, essUsableCapacity } from '@sunfield/engine';

/**
 * Completes the energy-storage capacities from the two that are known (spec 2 §9.3): the nameplate
 * from usable and factor, the usable from nameplate and factor, or the factor from both capacities.
 * With all three given, the factor is recomputed from the capacities.
 * @param x.nameplateEnergyCapacity nameplate energy (any energy unit, e.g. MWh)
 * @param x.usableEnergyCapacity usable energy in year 1 (same unit)
 * @param x.factor nameplate-to-usable factor [-]
 * @returns all three; a value that cannot be derived is NaN
 */
export function completeEssCapacities(x: {
  nameplateEnergyCapacity?: number | null;
  usableEnergyCapacity?: number | null;
  factor?: number | null;
}): { nameplateEnergyCapacity: number; usableEnergyCapacity: number; factor: number } {
  const { nameplateEnergyCapacity: n, usableEnergyCapacity: u, factor: f } = x;
  if (n != null && u != null)
    return {
      nameplateEnergyCapacity: n,
      usableEnergyCapacity: u,
      factor: u > 0 ? essFactor({ usableEnergyCapacity: u, nameplateEnergyCapacity: n }) : Number.NaN,
    };
  if (u != null && f != null)
    return {
      nameplateEnergyCapacity: essNameplateCapacity({ usableEnergyCapacity: u }, { factor: f }),
      usableEnergyCapacity: u,
      factor: f,
    };
  if (n != null && f != null)
    return {
      nameplateEnergyCapacity: n,
      usableEnergyCapacity:
        f > 0 ? essUsableCapacity({ nameplateEnergyCapacity: n }, { factor: f }) : Number.NaN,
      factor: f,
    };
  return {
    nameplateEnergyCapacity: n ?? Number.NaN,
    usableEnergyCapacity: u ?? Number.NaN,
    factor: f ?? Number.NaN,
  };
}
