/**
 * The module save rules of spec 1 §5 and the defaults of a new module (spec 1 §3), from the domain
 * package, as the server applies them.
 */
import { moduleShadingTableError, prepareModuleForSave } from '@sunfield/domain/api/module.ts';
import { newModule } from '@sunfield/domain/moduleDefaults.ts';
import type { Entity } from '../../commands/equipmentSave.ts';
import { badRequest } from '../../lib/errors.ts';

/** CellTechnologyTypeEnum and ConstructionTypeEnum of a new module when the body names none. */
const DEFAULT_TECHNOLOGY = 1;
const DEFAULT_CONSTRUCTION = 2;

/**
 * A new module (spec 1 §3 "Defaults for a new PV module", domain `newModule`) for the technology and
 * construction the body names, else n-type mono c-Si, glass-backsheet.
 */
export function newModuleEntity(body: Entity): Entity {
  const int = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isInteger(value) ? value : fallback;
  return newModule(
    int(body.cellTechnologyType, DEFAULT_TECHNOLOGY),
    int(body.constructionType, DEFAULT_CONSTRUCTION),
  );
}

/**
 * What is stored for a module (domain `prepareModuleForSave`): null-valued fields omitted, a
 * monofacial module without transmissionFactor and bifacialityFactor; a user-defined shading
 * response needs a shading table (`moduleShadingTableError`, 400 with that message).
 */
export function prepareModule(entity: Entity): Entity {
  const out = prepareModuleForSave(entity) as Entity;
  const message = moduleShadingTableError(out as Parameters<typeof moduleShadingTableError>[0]);
  if (message) throw badRequest(message, { electricalShadingInputTable: [message] });
  return out;
}
