/**
 * Who may read, edit, delete, clone and change the status of a module or an inverter: the rules of
 * @sunfield/domain library.ts (spec 1 §4, §6) applied to the caller. An asset the caller may not
 * read is "not found" (404, text 'Module not found' / 'Inverter not found'), so ids of other
 * companies reveal nothing; an asset the caller reads but may not change is 403 with a message.
 */
import {
  canChangeAssetStatus,
  canDeleteAsset,
  canEditAsset,
  canReadAsset,
  isGlobalAsset,
  type LibraryActor,
} from '@sunfield/domain';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { forbidden, notFound, type HttpError } from '../lib/errors.ts';
import { integerId } from '../lib/request.ts';
import {
  findEquipment,
  type EquipmentKind,
  type EquipmentRow,
  type EquipmentWithOwner,
} from '../models/equipment.ts';

export const EQUIPMENT_LABEL: Record<EquipmentKind, string> = { module: 'Module', inverter: 'Inverter' };

export const equipmentNotFound = (kind: EquipmentKind): HttpError =>
  notFound(`${EQUIPMENT_LABEL[kind]} not found`);

export const actorOf = (auth: AuthContext): LibraryActor => ({
  userId: auth.user.id,
  companyId: auth.company.id,
  roles: auth.user.roles,
});

export type EquipmentAction = 'read' | 'edit' | 'delete' | 'status';

export function mayAct(actor: LibraryActor, row: EquipmentRow, action: EquipmentAction): boolean {
  switch (action) {
    case 'read':
      return canReadAsset(actor, row);
    case 'edit':
      return canEditAsset(actor, row);
    case 'delete':
      return canDeleteAsset(actor, row);
    case 'status':
      return canChangeAssetStatus(actor, row);
  }
}

/** Why the caller may not do this to an asset it can read (the 403 message). */
export function refusal(kind: EquipmentKind, row: EquipmentRow, action: EquipmentAction): string {
  const label = EQUIPMENT_LABEL[kind];
  if (isGlobalAsset(row))
    return `Global ${label.toLowerCase()}s are read-only: only super admins may change them.`;
  if (action === 'delete') return `${row.name} cannot be deleted in its current status.`;
  if (action === 'status') return `You may not change the status of ${row.name}.`;
  return `${row.name} is read-only in its current status.`;
}

/**
 * The asset with this id if the caller may read it (else 404) and do `action` to it (else 403
 * `{message}`).
 */
export async function loadEquipmentFor(
  db: Db,
  auth: AuthContext,
  kind: EquipmentKind,
  rawId: unknown,
  action: EquipmentAction = 'read',
): Promise<EquipmentWithOwner> {
  const id = integerId(rawId);
  if (id === undefined) throw equipmentNotFound(kind);
  const found = await findEquipment(db, kind, id);
  const actor = actorOf(auth);
  if (!found || !canReadAsset(actor, found.row)) throw equipmentNotFound(kind);
  if (action !== 'read' && !mayAct(actor, found.row, action)) {
    const message = refusal(kind, found.row, action);
    throw forbidden({ message, modelState: { $: [message] } });
  }
  return found;
}
