/**
 * Energy-storage sizing formulas (spec 2 §9.3) and the degradation of capacity and efficiency.
 */

/**
 * Hours of storage at full inverter power (spec 2 §9.3):
 * h = η/100 · E_usable / P_inverter.
 * @param x.usableEnergyCapacity usable energy E_usable [Wh]
 * @param x.inverterCapacity ESS inverter power P_inverter [W]
 * @param p.efficiency efficiency η [%]
 * @returns hours at full load [h]
 */
export function essHoursAtFullLoad(
  x: { usableEnergyCapacity: number; inverterCapacity: number },
  p: { efficiency: number },
): number {
  return ((p.efficiency / 100) * x.usableEnergyCapacity) / x.inverterCapacity;
}

/**
 * Nameplate energy from usable energy (spec 2 §9.3): E_nameplate = E_usable · factor.
 * @param x.usableEnergyCapacity usable energy [Wh]
 * @param p.factor nameplate-to-usable factor [-] (≥ 1)
 * @returns nameplate energy [Wh]
 */
export function essNameplateCapacity(x: { usableEnergyCapacity: number }, p: { factor: number }): number {
  return x.usableEnergyCapacity * p.factor;
}

/**
 * Usable energy from nameplate energy (spec 2 §9.3): E_usable = E_nameplate / factor.
 * @param x.nameplateEnergyCapacity nameplate energy [Wh]
 * @param p.factor nameplate-to-usable factor [-]
 * @returns usable energy [Wh]
 */
export function essUsableCapacity(x: { nameplateEnergyCapacity: number }, p: { factor: number }): number {
  return x.nameplateEnergyCapacity / p.factor;
}

/**
 * The factor relating nameplate and usable energy, factor = E_nameplate / E_usable: the value for which
 * the two formulas above are inverse. (Spec 2 §9.3 also writes "factor = usable / nameplate", which
 * contradicts "nameplate = usable × factor" unless the factor is 1; the consistent form is used.)
 * @param x.usableEnergyCapacity usable energy [Wh]
 * @param x.nameplateEnergyCapacity nameplate energy [Wh]
 * @returns factor [-]
 */
export function essFactor(x: { usableEnergyCapacity: number; nameplateEnergyCapacity: number }): number {
  return x.nameplateEnergyCapacity / x.usableEnergyCapacity;
}

/** @internal Linear fade: max(0, 1 − (calendar·years + cycle·cycles)/100). */
export function fadeKernel(calendarPct: number, cyclePct: number, years: number, cycles: number): number {
  const f = 1 - (calendarPct * years + cyclePct * cycles) / 100;
  return f > 0 ? f : 0;
}

/**
 * Degraded value of a storage property (usable capacity or DC round-trip efficiency), linear in
 * calendar time and in equivalent full cycles:
 *   X(t, N) = X1 · max(0, 1 − (δcal·t + δcyc·N)/100)
 * t = years since the start of operation, N = equivalent full cycles so far (energy discharged from
 * storage ÷ year-1 usable capacity); δcal in % per year, δcyc in % per equivalent full cycle (relative to
 * the year-1 value). Both mechanisms add, as in the usual empirical split of lithium-ion ageing into
 * calendar and cycle terms.
 *
 * @param x.years years in operation t [yr]
 * @param x.cycles equivalent full cycles N [-]
 * @param p.year1 year-1 value X1 (any unit)
 * @param p.calendarDeg δcal [%/yr]
 * @param p.cycleDeg δcyc [%/cycle]
 * @returns degraded value (unit of X1)
 */
export function essDegradedValue(
  x: { years: number; cycles: number },
  p: { year1: number; calendarDeg: number; cycleDeg: number },
): number {
  return p.year1 * fadeKernel(p.calendarDeg, p.cycleDeg, x.years, x.cycles);
}
