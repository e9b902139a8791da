import { describe, expect, it } from 'vitest';
import { canonicalQuery, integerId, xMessageHeader } from '../../src/lib/request.ts';
import { searchKeys } from '../../src/lib/searchKey.ts';

describe('canonicalQuery', () => {
  it('renames keys case-insensitively and keeps the last of repeated values', () => {
    expect(
      canonicalQuery({ Latitude: '1', LONGITUDE: '2', searchradius: ['3', '4'], other: 'x' }, [
        'latitude',
        'longitude',
        'searchRadius',
      ]),
    ).toEqual({ latitude: '1', longitude: '2', searchRadius: '4', other: 'x' });
    expect(canonicalQuery(undefined, ['a'])).toEqual({});
  });
});

describe('integerId', () => {
  it('accepts positive PostgreSQL integers only', () => {
    expect(integerId('42')).toBe(42);
    expect(integerId(7)).toBe(7);
    expect(integerId('2147483647')).toBe(2147483647);
    for (const bad of [
      '0',
      '-1',
      '1.5',
      'abc',
      '',
      '2147483648',
      '99999999999',
      1.5,
      0,
      null,
      undefined,
      {},
    ]) {
      expect(integerId(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('xMessageHeader', () => {
  it('writes JSON that a header can carry', () => {
    const header = xMessageHeader([{ Type: 'warning', Message: 'A project named Café "Ω" already exists.' }]);
    expect(header).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(header)).toEqual([
      { Type: 'warning', Message: 'A project named Café "Ω" already exists.' },
    ]);
  });
});

describe('searchKeys', () => {
  it('leaves no LIKE wildcard in a searched word (the list searches put each inside %…%)', () => {
    expect(searchKeys('50%_a\\b  SC-4000')).toEqual(['50ab', 'SC4000']);
  });
});
