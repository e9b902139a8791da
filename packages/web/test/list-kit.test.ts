import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATUSES,
  LIBRARY_PAGE_SIZE,
  buildLibraryListQuery,
  defaultLibraryParams,
  parseStatuses,
  readLibraryListParams,
  writeLibraryListParams,
} from '../src/components/library/libraryParams.ts';
import { ownerLabel } from '../src/components/library/libraryColumns.tsx';
import {
  oneOf,
  pageCount,
  parseBound,
  parseIdList,
  parsePage,
  rangeLabel,
  readSort,
  sameSet,
  toggleSortOf,
  writeSort,
} from '../src/components/list/listState.ts';
import { NUMBER_FORMATS, formatNumber, roundForDisplay } from '../src/lib/numberFormat.ts';
import {
  DEFAULT_LIST_PARAMS as MODULE_DEFAULTS,
  buildListQuery as buildModuleQuery,
  readListParams as readModuleParams,
  writeListParams as writeModuleParams,
} from '../src/screens/modules/model/listParams.ts';
import {
  DEFAULT_LIBRARY_PARAMS as INVERTER_DEFAULTS,
  readLibraryParams as readInverterParams,
  writeLibraryParams as writeInverterParams,
} from '../src/screens/inverters/model/listParams.ts';

const natural = (sort: string) => (sort === 'lastModified' ? 'desc' : 'asc');

describe('list kit: address state', () => {
  it('reads typed addresses defensively', () => {
    expect(oneOf('archived', ['active', 'archived'] as const, 'active')).toBe('archived');
    expect(oneOf('drop table', ['active', 'archived'] as const, 'active')).toBe('active');
    expect(oneOf(null, ['a'] as const, 'a')).toBe('a');
    expect(parseIdList('3,x,5,3, 7 ,-1,1.5')).toEqual([3, 5, 7]);
    expect(parseIdList(null)).toEqual([]);
    expect(parsePage('4')).toBe(4);
    for (const raw of [null, '', '0', '-2', '1.5', 'abc', '1e400']) expect(parsePage(raw)).toBe(1);
    expect(parseBound('250.5')).toBe(250.5);
    for (const raw of [null, '', ' ', '-1', 'x', 'Infinity']) expect(parseBound(raw)).toBeNull();
    expect(sameSet([5, 3], [3, 5])).toBe(true);
    expect(sameSet([3], [3, 5])).toBe(false);
  });

  it('writes the sort only when it is not the default, and reads it back', () => {
    const out = new URLSearchParams();
    writeSort(out, { sort: 'name', order: 'asc' }, 'name', natural);
    expect(out.toString()).toBe('');
    writeSort(out, { sort: 'lastModified', order: 'asc' }, 'name', natural);
    expect(out.toString()).toBe('sort=lastModified&order=asc');
    expect(readSort(out, ['name', 'lastModified'] as const, 'name', natural)).toEqual({
      sort: 'lastModified',
      order: 'asc',
    });
    expect(readSort(new URLSearchParams('sort=evil&order=up'), ['name'] as const, 'name', natural)).toEqual({
      sort: 'name',
      order: 'asc',
    });
  });

  it('flips the order on the same column, starts another at its natural order and goes to page 1', () => {
    const paged: { sort: 'name' | 'lastModified'; order: 'asc' | 'desc'; page: number } = {
      sort: 'name',
      order: 'asc',
      page: 4,
    };
    expect(toggleSortOf(paged, 'name', natural)).toEqual({ sort: 'name', order: 'desc', page: 1 });
    expect(toggleSortOf(paged, 'lastModified', natural)).toEqual({
      sort: 'lastModified',
      order: 'desc',
      page: 1,
    });
    // A list without pages gets none.
    expect(toggleSortOf({ sort: 'name' as const, order: 'desc' as const }, 'name', natural)).toEqual({
      sort: 'name',
      order: 'asc',
    });
  });

  it('counts pages and labels the range', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    const noun = ['project', 'projects'] as const;
    expect(rangeLabel(2, 73, 25, noun)).toBe('Showing 26–50 of 73 projects');
    expect(rangeLabel(1, 1, 25, noun)).toBe('Showing 1–1 of 1 project');
    expect(rangeLabel(1, 0, 25, noun)).toBe('0 projects');
    expect(rangeLabel(9, 73, 25, noun)).toBe('73 projects');
  });
});

describe('library list state (modules and inverters alike)', () => {
  it('defaults to own assets, Active and Global, name A→Z, page 1, with a bare address', () => {
    const defaults = defaultLibraryParams('name');
    expect(defaults).toMatchObject({ owner: 'mine', statuses: DEFAULT_STATUSES, page: 1, order: 'asc' });
    expect(writeLibraryListParams(new URLSearchParams(), defaults, 'name').toString()).toBe('');
    expect(buildLibraryListQuery(defaults)).toEqual({
      ownerOnly: true,
      status: '3,5',
      sort: 'name',
      order: 'asc',
      page: 1,
      pageSize: LIBRARY_PAGE_SIZE,
    });
    expect(parseStatuses('all')).toEqual([]);
    expect(parseStatuses('x')).toEqual([...DEFAULT_STATUSES]);
  });

  it('round-trips every filter through the address', () => {
    const params = {
      ...defaultLibraryParams<'name' | 'lastModified'>('name'),
      owner: 'all' as const,
      statuses: [1, 2],
      search: 'SC4000',
      minPower: 100,
      maxPower: 4000,
      sort: 'lastModified' as const,
      order: 'desc' as const,
      page: 3,
    };
    const written = writeLibraryListParams(new URLSearchParams(), params, 'name');
    expect(written.toString()).toBe(
      'owner=all&status=1%2C2&q=SC4000&min=100&max=4000&sort=lastModified&page=3',
    );
    expect(readLibraryListParams(written, ['name', 'lastModified'] as const, 'name')).toEqual(params);
  });

  it('uses the same parameters and page size on both libraries; modules add the technology', () => {
    const address = new URLSearchParams('owner=all&q=longi&min=500&page=2');
    const mod = readModuleParams(address);
    const inv = readInverterParams(address);
    expect(mod).toMatchObject({ owner: 'all', search: 'longi', minPower: 500, page: 2, technologies: [] });
    expect(inv).toMatchObject({ owner: 'all', search: 'longi', minPower: 500, page: 2 });
    expect(writeModuleParams(MODULE_DEFAULTS).toString()).toBe('');
    expect(writeInverterParams(INVERTER_DEFAULTS).toString()).toBe('');
    const withTech = { ...mod, technologies: [6, 3] };
    expect(readModuleParams(writeModuleParams(withTech))).toEqual(withTech);
    expect(buildModuleQuery(withTech)).toMatchObject({ cellTechnologyType: '6,3', page: 2, pageSize: 50 });
  });

  it('names the owner, or Global for the Global library', () => {
    expect(ownerLabel({ ownerId: 'u1', ownerName: 'Ada Lovelace' })).toBe('Ada Lovelace');
    expect(ownerLabel({ ownerId: 'u1', ownerName: null })).toBe('--');
    expect(ownerLabel({ ownerId: null, ownerName: null })).toBe('Global');
  });
});

describe('number formatter', () => {
  it('drops float noise and trailing zeros', () => {
    expect(formatNumber(0.041 + 4e-18)).toBe('0.041');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(-0.0000001, { maxDecimals: 3 })).toBe('0');
    expect(roundForDisplay(0.041 + 4e-18, 15, 12)).toBe(0.041);
    expect(roundForDisplay(1234.5678, 15, 12)).toBe(1234.5678);
  });

  it('keeps the digits sensible per quantity and groups thousands', () => {
    expect(formatNumber(540.0000001, NUMBER_FORMATS.modulePower)).toBe('540');
    expect(formatNumber(399.96, NUMBER_FORMATS.modulePower)).toBe('400');
    expect(formatNumber(4000, NUMBER_FORMATS.inverterPower)).toBe('4,000');
    expect(formatNumber(499.12345678, NUMBER_FORMATS.inverterPower)).toBe('499.123');
    expect(formatNumber(1500, NUMBER_FORMATS.electrical)).toBe('1,500');
    expect(formatNumber(-0.0041234567, NUMBER_FORMATS.coefficient)).toBe('-0.0041235');
    expect(formatNumber(1234.5, { grouping: false })).toBe('1234.5');
  });

  it("shows '--' for what is not a number", () => {
    for (const value of [null, undefined, Number.NaN, Infinity]) expect(formatNumber(value)).toBe('--');
  });
});
