/**
 * The defaults of a new inverter (spec 1 §3, spec 2 §9.2: domain `newInverter`) and its kVA rating at
 * a temperature and elevation (engine `inverterKva`).
 */
import { newInverter } from '@sunfield/domain/moduleDefaults.ts';
import { inverterKva, type InverterKvaFields } from '@sunfield/engine/inverter/inverterKva.ts';
import type { Entity } from '../../commands/equipmentSave.ts';

/** A new inverter: 'New Inverter', default node setpoint 499.12345678 kW (`setpointkW`), no curves. */
export function newInverterEntity(): Entity {
  return { ...newInverter() };
}

/**
 * kVA rating [kVA]: the kVA curves at the temperature (25 °C when none is given; the cooling design
 * temperature when `useCoolingTemp`) and elevation, else the apparent power, else the rated power.
 */
export function inverterKvaOf(
  entity: Entity,
  x: { temperature?: number | undefined; elevation?: number | undefined; useCoolingTemp?: boolean },
): number | null {
  return inverterKva({
    inverter: entity as InverterKvaFields,
    temperature: x.temperature ?? null,
    elevation: x.elevation ?? null,
    useCoolingTemp: x.useCoolingTemp ?? false,
  }).kVA;
}
