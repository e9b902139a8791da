import { describe, expect, it } from 'vitest';
import {
  ASSET_STATUS,
  canDeleteAsset,
  canEditAsset,
  canReadAsset,
  cloneAssetStatus,
  newAssetStatus,
  settableAssetStatuses,
} from '../src/index.ts';

const me = { userId: 'u1', companyId: 'c1', roles: ['User'] };
const colleague = { userId: 'u2', companyId: 'c1', roles: ['User'] };
const admin = { userId: 'u3', companyId: 'c1', roles: ['Admin'] };
const outsider = { userId: 'u9', companyId: 'c2', roles: ['Admin'] };
const superAdmin = { userId: 's', companyId: 'c0', roles: ['FSLRAdmin'] };

const asset = (status: number, companyId: string | null = 'c1', ownerId: string | null = 'u1') => ({
  companyId,
  ownerId,
  status,
});

describe('library asset rules', () => {
  it('hides a company asset from another company', () => {
    for (const status of [1, 2, 3, 4, 10]) {
      expect(canReadAsset(outsider, asset(status))).toBe(false);
      expect(canEditAsset(outsider, asset(status))).toBe(false);
      expect(canDeleteAsset(outsider, asset(status))).toBe(false);
    }
  });

  it('keeps a private draft to its owner and the company admins', () => {
    expect(canReadAsset(me, asset(ASSET_STATUS.DraftPrivate))).toBe(true);
    expect(canReadAsset(colleague, asset(ASSET_STATUS.DraftPrivate))).toBe(false);
    expect(canReadAsset(admin, asset(ASSET_STATUS.DraftPrivate))).toBe(true);
    expect(canReadAsset(colleague, asset(ASSET_STATUS.DraftShared))).toBe(true);
    expect(canEditAsset(colleague, asset(ASSET_STATUS.DraftShared))).toBe(true);
  });

  it('makes every status but the drafts read-only; String-Sizing stays deletable', () => {
    expect(canEditAsset(me, asset(ASSET_STATUS.Active))).toBe(false);
    expect(canEditAsset(me, asset(ASSET_STATUS.Retired))).toBe(false);
    expect(canEditAsset(me, asset(ASSET_STATUS.StringSizing))).toBe(false);
    expect(canDeleteAsset(me, asset(ASSET_STATUS.StringSizing))).toBe(true);
    expect(canDeleteAsset(me, asset(ASSET_STATUS.Active))).toBe(false);
    expect(canEditAsset(me, asset(ASSET_STATUS.Unknown))).toBe(true);
  });

  it('lets everyone read Global assets and only super admins change them', () => {
    const global = asset(ASSET_STATUS.Global, null, null);
    for (const actor of [me, admin, outsider]) {
      expect(canReadAsset(actor, global)).toBe(true);
      expect(canEditAsset(actor, global)).toBe(false);
      expect(canDeleteAsset(actor, global)).toBe(false);
    }
    expect(canEditAsset(superAdmin, global)).toBe(true);
    expect(settableAssetStatuses(me.roles)).not.toContain(ASSET_STATUS.Global);
    expect(settableAssetStatuses(superAdmin.roles)).toContain(ASSET_STATUS.Global);
  });

  it('gives new assets the company default and clones Draft-Shared only when both are shared', () => {
    expect(newAssetStatus(undefined)).toBe(ASSET_STATUS.DraftPrivate);
    expect(newAssetStatus(ASSET_STATUS.DraftShared)).toBe(ASSET_STATUS.DraftShared);
    expect(cloneAssetStatus(ASSET_STATUS.DraftShared, ASSET_STATUS.DraftShared)).toBe(
      ASSET_STATUS.DraftShared,
    );
    expect(cloneAssetStatus(ASSET_STATUS.DraftShared, ASSET_STATUS.DraftPrivate)).toBe(
      ASSET_STATUS.DraftPrivate,
    );
    expect(cloneAssetStatus(ASSET_STATUS.Global, ASSET_STATUS.DraftShared)).toBe(ASSET_STATUS.DraftPrivate);
    expect(cloneAssetStatus(ASSET_STATUS.Active, undefined)).toBe(ASSET_STATUS.DraftPrivate);
  });
});
