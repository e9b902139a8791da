/**
 * A new, unsaved inverter (spec 1 §3, spec 2 §9.2): the domain's newInverter ('New Inverter', default
 * setpoint 499.12345678 kW, status the company default or Draft-Private; the server sets the final
 * status on create). Spec 3's Inverter has no setpoint field, so, like the server's defaults
 * (routes/inverter/inverterRules.ts), the rated and apparent power start at the setpoint too.
 */
import { NEW_INVERTER_SETPOINT_KW, newInverter } from '@sunfield/domain/moduleDefaults.ts';
import type { InverterFields } from './types.ts';

export const NEW_INVERTER_NAME = 'New Inverter';
export { NEW_INVERTER_SETPOINT_KW };

export function newInverterFields(companyDefaultStatus?: number | null): InverterFields {
  return {
    ...newInverter(companyDefaultStatus),
    manufacturer: null,
    model: null,
    description: null,
    powerRated: NEW_INVERTER_SETPOINT_KW,
    apparentPower: NEW_INVERTER_SETPOINT_KW,
  };
}
