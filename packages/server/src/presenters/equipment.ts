/**
 * Modules and inverters as the API shows them: the spec 3 entity (`Module`, `Inverter`) with its
 * library fields, and the overview lines of the library lists. The only path from a row to JSON.
 */
import { canDeleteAsset, canEditAsset, type LibraryActor } from '@sunfield/domain';
import { INVERTER_FIELDS, MODULE_FIELDS, withEveryField } from '@sunfield/domain/api/specFields.ts';
import { CEC_ENTRY_KEY } from '../lib/cecEntry.ts';
import type { EquipmentKind, EquipmentListRow, EquipmentRow } from '../models/equipment.ts';

/**
 * Fields of the stored entity that the library columns own, and the seed's CEC trace
 * (lib/cecEntry.ts, server-owned): never presented from `data` nor taken from a request.
 */
export const LIBRARY_FIELDS = [
  'id',
  'name',
  'manufacturer',
  'model',
  'status',
  'companyId',
  'company',
  'ownerId',
  'owner',
  'ownerName',
  'source',
  'note',
  'isReadOnly',
  'canDelete',
  'createdDate',
  'lastModified',
  'lastModifiedById',
  'lastModifiedBy',
  CEC_ENTRY_KEY,
] as const;

export type PresentedEquipment = Record<string, unknown> & {
  id: number;
  name: string;
  status: number;
  companyId: string | null;
  ownerId: string | null;
  ownerName: string | null;
  source: string | null;
  note: string | null;
  isReadOnly: boolean;
  canDelete: boolean;
  lastModified: string;
};

export function presentEquipment(
  row: EquipmentRow,
  ownerName: string | null,
  actor: LibraryActor,
): PresentedEquipment {
  const data = { ...row.data };
  for (const key of LIBRARY_FIELDS) delete data[key];
  return {
    ...data,
    id: row.id,
    name: row.name,
    manufacturer: row.manufacturer,
    model: row.model,
    status: row.status,
    companyId: row.companyId,
    ownerId: row.ownerId,
    ownerName,
    source: row.source,
    note: row.note,
    isReadOnly: !canEditAsset(actor, row),
    canDelete: canDeleteAsset(actor, row),
    createdDate: row.createdDate.toISOString(),
    lastModified: row.lastModified.toISOString(),
    lastModifiedById: row.lastModifiedById,
  };
}

/**
 * The entity as GET and PUT answer it: {@link presentEquipment} with every spec 3 field of its kind
 * (106 Module, 31 Inverter fields), null where unset, so that a client reading any of them finds it.
 */
export function presentEquipmentEntity(
  kind: EquipmentKind,
  row: EquipmentRow,
  ownerName: string | null,
  actor: LibraryActor,
): PresentedEquipment {
  const fields = kind === 'module' ? MODULE_FIELDS : INVERTER_FIELDS;
  return withEveryField(fields, presentEquipment(row, ownerName, actor)) as PresentedEquipment;
}

/** The entity as exported: the spec 3 fields without ids, ownership or permissions. */
export function presentEquipmentExport(kind: EquipmentKind, row: EquipmentRow): Record<string, unknown> {
  const data = { ...row.data };
  for (const key of LIBRARY_FIELDS) delete data[key];
  return {
    sunfieldExport: kind,
    version: 1,
    name: row.name,
    manufacturer: row.manufacturer,
    model: row.model,
    source: row.source,
    ...data,
  };
}

/**
 * One line of a library overview. Written as one object literal per kind, not spread from parts (issue
 * 18): presenting a 50-line page and making its JSON text took ~550 µs with the spreads, ~60 µs so.
 */
export function presentOverviewItem(
  kind: EquipmentKind,
  row: EquipmentListRow,
  actor: LibraryActor,
): Record<string, unknown> {
  const isReadOnly = !canEditAsset(actor, row);
  const lastModified = row.lastModified.toISOString();
  if (kind === 'module') {
    return {
      id: row.id,
      name: row.name,
      manufacturer: row.manufacturer,
      model: row.model,
      stcMaxPower: row.extra.stcMaxPower ?? null,
      cellTechnologyType: row.extra.cellTechnologyType ?? null,
      faciality: row.extra.faciality ?? 0,
      status: row.status,
      source: row.source,
      ownerId: row.ownerId,
      ownerName: row.ownerName,
      lastModified,
      isReadOnly,
    };
  }
  return {
    id: row.id,
    name: row.name,
    manufacturer: row.manufacturer,
    model: row.model,
    powerRating: row.extra.powerRating ?? null,
    maxAbsoluteVoltage: row.extra.maxAbsoluteVoltage ?? null,
    status: row.status,
    source: row.source,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    lastModified,
    isReadOnly,
  };
}
