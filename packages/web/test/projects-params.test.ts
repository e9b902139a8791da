import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_PARAMS,
  PAGE_SIZE,
  buildListQuery,
  pageCount,
  parseProjectId,
  rangeLabel,
  readListParams,
  toggleSort,
  writeListParams,
} from '../src/screens/projects/model/params.ts';

describe('parseProjectId', () => {
  it('accepts digits only', () => {
    expect(parseProjectId('42')).toBe(42);
    expect(parseProjectId('007')).toBe(7);
    for (const raw of [
      '',
      '0',
      '-1',
      '1.5',
      '1e3',
      'abc',
      '12abc',
      ' 12',
      undefined,
      null,
      '99999999999999999999',
    ]) {
      expect(parseProjectId(raw)).toBeNull();
    }
  });
});

describe('list params', () => {
  it('default to Active, newest change first, page 1', () => {
    expect(readListParams(new URLSearchParams())).toEqual(DEFAULT_LIST_PARAMS);
    expect(DEFAULT_LIST_PARAMS.status).toBe('active');
    expect(writeListParams(DEFAULT_LIST_PARAMS).toString()).toBe('');
  });

  it('round-trip through the address and ignore nonsense', () => {
    const params = { status: 'all', search: 'Kansas', sort: 'name', order: 'desc', page: 3 } as const;
    expect(readListParams(writeListParams(params))).toEqual(params);
    expect(readListParams(new URLSearchParams('status=x&sort=y&order=z&page=-2'))).toEqual(
      DEFAULT_LIST_PARAMS,
    );
    expect(readListParams(new URLSearchParams('sort=name')).order).toBe('asc');
  });

  it('toggle the sort: same column flips, another column takes its natural order', () => {
    const byName = toggleSort({ ...DEFAULT_LIST_PARAMS, page: 4 }, 'name');
    expect(byName).toMatchObject({ sort: 'name', order: 'asc', page: 1 });
    expect(toggleSort(byName, 'name').order).toBe('desc');
    expect(toggleSort(byName, 'createdDate').order).toBe('desc');
  });
});

describe('buildListQuery', () => {
  it('sends status numbers, trimmed search, skip and top', () => {
    expect(buildListQuery(DEFAULT_LIST_PARAMS)).toEqual({
      status: 0,
      sort: 'lastModified',
      order: 'desc',
      skip: 0,
      top: PAGE_SIZE,
    });
    expect(
      buildListQuery({ status: 'archived', search: '  Solar  ', sort: 'country', order: 'asc', page: 3 }),
    ).toEqual({ status: 1, search: 'Solar', sort: 'country', order: 'asc', skip: 50, top: 25 });
    expect(buildListQuery({ ...DEFAULT_LIST_PARAMS, status: 'all', search: '   ' })).not.toHaveProperty(
      'status',
    );
    expect(buildListQuery({ ...DEFAULT_LIST_PARAMS, search: '   ' })).not.toHaveProperty('search');
  });

  it('pages 25 at a time and labels the range', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
    expect(rangeLabel(1, 0)).toBe('0 projects');
    expect(rangeLabel(1, 1)).toBe('Showing 1–1 of 1 project');
    expect(rangeLabel(2, 73)).toBe('Showing 26–50 of 73 projects');
    expect(rangeLabel(3, 73)).toBe('Showing 51–73 of 73 projects');
  });
});
