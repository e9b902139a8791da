/**
 * Rules shared by the module, inverter and weather libraries (spec 1 §4, §6).
 *
 * - Global assets (Global, GlobalRetired) belong to no company; every signed-in user reads them and
 *   only super admins change them.
 * - A company's assets are visible to that company only. Draft-Private assets are visible to their
 *   owner only (and to admins of the company); every other status is visible company-wide.
 * - Unknown, Draft-Private and Draft-Shared are editable and deletable; String-Sizing is also
 *   deletable; every other status is read-only. An unsaved asset is always saveable.
 * - A clone keeps Draft-Shared only if both the source and the company default are Draft-Shared;
 *   otherwise it takes Draft-Private.
 */
import { ASSET_STATUS } from './definitions.ts';
import { isAnyAdmin, isSuperAdmin, type RoleList } from './roles.ts';

export interface LibraryActor {
  userId: string;
  companyId: string;
  roles: RoleList;
}

export interface LibraryAssetRef {
  companyId: string | null;
  ownerId: string | null;
  status: number;
}

export const GLOBAL_STATUSES: readonly number[] = [ASSET_STATUS.Global, ASSET_STATUS.GlobalRetired];
export const EDITABLE_ASSET_STATUSES: readonly number[] = [
  ASSET_STATUS.Unknown,
  ASSET_STATUS.DraftPrivate,
  ASSET_STATUS.DraftShared,
];
export const DELETABLE_ASSET_STATUSES: readonly number[] = [
  ...EDITABLE_ASSET_STATUSES,
  ASSET_STATUS.StringSizing,
];

export const isGlobalAsset = (asset: LibraryAssetRef): boolean =>
  asset.companyId === null || GLOBAL_STATUSES.includes(asset.status);

export const isEditableAssetStatus = (status: number | null | undefined): boolean =>
  status === null || status === undefined || EDITABLE_ASSET_STATUSES.includes(status);

export const isDeletableAssetStatus = (status: number | null | undefined): boolean =>
  status === null || status === undefined || DELETABLE_ASSET_STATUSES.includes(status);

export function canReadAsset(actor: LibraryActor, asset: LibraryAssetRef): boolean {
  if (isGlobalAsset(asset)) return true;
  if (asset.companyId !== actor.companyId) return isSuperAdmin(actor.roles);
  if (asset.status === ASSET_STATUS.DraftPrivate) {
    return asset.ownerId === actor.userId || asset.ownerId === null || isAnyAdmin(actor.roles);
  }
  return true;
}

/** May change the asset's fields (the status decides, then ownership). */
export function canEditAsset(actor: LibraryActor, asset: LibraryAssetRef): boolean {
  if (isGlobalAsset(asset)) return isSuperAdmin(actor.roles);
  if (!canReadAsset(actor, asset)) return false;
  return isEditableAssetStatus(asset.status);
}

export function canDeleteAsset(actor: LibraryActor, asset: LibraryAssetRef): boolean {
  if (isGlobalAsset(asset)) return isSuperAdmin(actor.roles);
  if (!canReadAsset(actor, asset)) return false;
  return isDeletableAssetStatus(asset.status);
}

/** Status changes go through validate-then-change; anyone who reads a company asset may ask. */
export function canChangeAssetStatus(actor: LibraryActor, asset: LibraryAssetRef): boolean {
  if (isGlobalAsset(asset)) return isSuperAdmin(actor.roles);
  return canReadAsset(actor, asset);
}

/** Statuses a user may set: Global ones only by super admins. */
export function settableAssetStatuses(roles: RoleList): number[] {
  const all: number[] = [
    ASSET_STATUS.DraftPrivate,
    ASSET_STATUS.DraftShared,
    ASSET_STATUS.Active,
    ASSET_STATUS.Retired,
    ASSET_STATUS.StringSizing,
  ];
  return isSuperAdmin(roles) ? [...all, ASSET_STATUS.Global, ASSET_STATUS.GlobalRetired] : all;
}

/** Status of a new asset: the company default (miscellaneousSettings) when given, else Draft-Private. */
export function newAssetStatus(companyDefault: number | null | undefined): number {
  return companyDefault ?? ASSET_STATUS.DraftPrivate;
}

/** Status of a clone (spec 1 §4). */
export function cloneAssetStatus(sourceStatus: number, companyDefault: number | null | undefined): number {
  return sourceStatus === ASSET_STATUS.DraftShared && companyDefault === ASSET_STATUS.DraftShared
    ? ASSET_STATUS.DraftShared
    : ASSET_STATUS.DraftPrivate;
}
