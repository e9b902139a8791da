/**
 * Writing modules and inverters: create (status from the company default), update, clone (status
 * rule of spec 1 §4), import of an exported file, and the two-call status change. The routes have
 * already parsed the input; the policy checks (policies/equipment.ts) are made here or before.
 */
import { canChangeAssetStatus, cloneAssetStatus, settableAssetStatuses } from '@sunfield/domain';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { CEC_ENTRY_KEY } from '../lib/cecEntry.ts';
import { badRequest } from '../lib/errors.ts';
import {
  findEquipmentByIds,
  insertEquipment,
  updateEquipment,
  type EquipmentKind,
  type EquipmentRow,
} from '../models/equipment.ts';
import { companyDefaultStatus as defaultStatusOf, newRowStatus } from '../policies/company.ts';
import { actorOf, equipmentNotFound, EQUIPMENT_LABEL, mayAct } from '../policies/equipment.ts';
import { LIBRARY_FIELDS } from '../presenters/equipment.ts';

export type Entity = Record<string, unknown>;

/** Suffix of a clone's name (the clone naming of spec 1 §4, used for every cloned entity). */
export const CLONE_SUFFIX = ' - CLONE';

/** The company default status of new assets (default settings, miscellaneousSettings). */
export function companyDefaultStatus(auth: AuthContext, kind: EquipmentKind): number | null {
  return defaultStatusOf(auth.company, kind);
}

/** Status of a new asset: the company default when the caller may set it, else Draft-Private. */
export function statusForNew(auth: AuthContext, kind: EquipmentKind): number {
  return newRowStatus(auth, kind);
}

/** The entity without the library's own fields (id, status, ownership…), which the row holds. */
export function entityData(entity: Entity): Entity {
  const data = { ...entity };
  for (const key of LIBRARY_FIELDS) delete data[key];
  return data;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export interface CreateOptions {
  source: string;
  note?: string | null;
  status?: number;
}

export async function createEquipment(
  db: Db,
  auth: AuthContext,
  kind: EquipmentKind,
  entity: Entity,
  options: CreateOptions,
): Promise<number> {
  const name = text(entity.name) ?? (kind === 'module' ? 'New Module' : 'New Inverter');
  return insertEquipment(db, kind, {
    companyId: auth.company.id,
    ownerId: auth.user.id,
    status: options.status ?? statusForNew(auth, kind),
    name,
    manufacturer: text(entity.manufacturer),
    model: text(entity.model),
    source: options.source,
    note: options.note ?? null,
    data: { ...entityData(entity), name },
  });
}

export async function saveEquipment(
  db: Db,
  auth: AuthContext,
  kind: EquipmentKind,
  row: EquipmentRow,
  entity: Entity,
): Promise<void> {
  const name = text(entity.name) ?? row.name;
  await updateEquipment(db, kind, row.id, {
    name,
    manufacturer: text(entity.manufacturer),
    model: text(entity.model),
    data: { ...entityData(entity), name, ...keptTrace(row) },
    lastModifiedById: auth.user.id,
  });
}

/** A copy in the caller's company, named '{name} - CLONE', owned by the caller. */
export async function cloneEquipment(
  db: Db,
  auth: AuthContext,
  kind: EquipmentKind,
  row: EquipmentRow,
): Promise<number> {
  const name = `${row.name}${CLONE_SUFFIX}`;
  return insertEquipment(db, kind, {
    companyId: auth.company.id,
    ownerId: auth.user.id,
    status: cloneAssetStatus(row.status, companyDefaultStatus(auth, kind)),
    name,
    manufacturer: row.manufacturer,
    model: row.model,
    source: row.source,
    data: { ...entityData(row.data), name, ...keptTrace(row) },
  });
}

/**
 * The seed's CEC trace of a stored record (lib/cecEntry.ts), which a save or a clone keeps: the run
 * compares the record's DC limits with the list's, so a limit changed since is not said to come from it.
 */
function keptTrace(row: EquipmentRow): Entity {
  return row.data[CEC_ENTRY_KEY] !== undefined ? { [CEC_ENTRY_KEY]: row.data[CEC_ENTRY_KEY] } : {};
}

// ---------------------------------------------------------------------------------------------
// Status change (spec 1 §4: validate, then change)

export interface StatusChangeItem {
  id: number;
  status: number;
  note?: string | null | undefined;
}

export interface StatusValidation {
  data: { draftComponents: { id: number; name: string; status: number }[] };
  isValid: true;
}

/**
 * Checks every item: an asset the caller cannot read is 404 (the whole call); one the caller may
 * not change, or a status the caller may not set, is a 400 listing each refused item.
 */
async function checkItems(
  db: Db,
  auth: AuthContext,
  kind: EquipmentKind,
  items: StatusChangeItem[],
): Promise<EquipmentRow[]> {
  const actor = actorOf(auth);
  const ids = [...new Set(items.map((item) => item.id))];
  const rows = await findEquipmentByIds(db, kind, ids);
  if (rows.length !== ids.length || rows.some((row) => !mayAct(actor, row, 'read'))) {
    throw equipmentNotFound(kind);
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const settable = settableAssetStatuses(auth.user.roles);
  const modelState: Record<string, string[]> = {};
  items.forEach((item, index) => {
    const row = byId.get(item.id)!;
    const reasons: string[] = [];
    if (!canChangeAssetStatus(actor, row)) reasons.push(`You may not change the status of ${row.name}.`);
    if (!settable.includes(item.status)) reasons.push(`${row.name}: status ${item.status} cannot be set.`);
    if (reasons.length) modelState[`items[${index}]`] = reasons;
  });
  if (Object.keys(modelState).length) {
    throw badRequest(
      `The status of these ${EQUIPMENT_LABEL[kind].toLowerCase()}s cannot be changed.`,
      modelState,
    );
  }
  return rows;
}

export async function validateEquipmentStatus(
  db: Db,
  auth: AuthContext,
  kind: EquipmentKind,
  items: StatusChangeItem[],
): Promise<StatusValidation> {
  await checkItems(db, auth, kind, items);
  return { data: { draftComponents: [] }, isValid: true };
}

/** Sets the status and note of every item, all in one transaction. */
export async function changeEquipmentStatus(
  db: Db,
  auth: AuthContext,
  kind: EquipmentKind,
  items: StatusChangeItem[],
): Promise<void> {
  await checkItems(db, auth, kind, items);
  await db.transaction(async (tx) => {
    for (const item of items) {
      await updateEquipment(tx as unknown as Db, kind, item.id, {
        status: item.status,
        ...(item.note !== undefined ? { note: item.note } : {}),
        lastModifiedById: auth.user.id,
      });
    }
  });
}
