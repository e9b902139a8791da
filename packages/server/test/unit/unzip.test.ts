import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { UNZIP_LIMITS, UnzipError, unzipEntries, type InflateBudget } from '../../src/lib/unzip.ts';
import { xlsxBomb } from '../integration/security/zipBomb.ts';

const MB = 1024 * 1024;

/** The shared unzip stops a bomb at its caps: what it inflated is counted, not guessed. */
describe('unzipEntries', () => {
  it('reads the wanted entries of a normal container and skips the others', () => {
    const zip = zipSync({ 'a.xml': strToU8('<a/>'), 'b.xml': strToU8('<b/>'), 'c.bin': new Uint8Array(10) });
    const entries = unzipEntries(zip, (name) => name.endsWith('.xml'));
    expect([...entries.keys()].sort()).toEqual(['a.xml', 'b.xml']);
    expect(Buffer.from(entries.get('a.xml')!).toString()).toBe('<a/>');
  });

  it('refuses a part whose declared size is over the cap before inflating any of it', () => {
    const budget: InflateBudget = { inflated: 0 };
    expect(() => unzipEntries(xlsxBomb(1024), () => true, UNZIP_LIMITS, budget)).toThrow(
      /inflates to more than 48 MB/,
    );
    expect(budget.inflated).toBe(0);
  });

  it('stops a part that lies about its size at the cap, not at its 1 GB', () => {
    const budget: InflateBudget = { inflated: 0 };
    expect(() => unzipEntries(xlsxBomb(1024, { lie: true }), () => true, UNZIP_LIMITS, budget)).toThrow(
      UnzipError,
    );
    // zlib stops one byte past what the caps leave; nothing of the output is kept.
    expect(budget.inflated).toBe(0);
  });

  it('counts the whole file against the total cap across passes', () => {
    const limits = { maxEntryBytes: 3 * MB, maxTotalBytes: 5 * MB, maxEntries: 10 };
    const zip = zipSync({ 'a.bin': new Uint8Array(3 * MB), 'b.bin': new Uint8Array(3 * MB) });
    const budget: InflateBudget = { inflated: 0 };
    unzipEntries(zip, (name) => name === 'a.bin', limits, budget);
    expect(budget.inflated).toBe(3 * MB);
    expect(() => unzipEntries(zip, (name) => name === 'b.bin', limits, budget)).toThrow(
      /inflates to more than 5 MB/,
    );
  });

  it('refuses more entries than the cap', () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, k) => [`${k}.txt`, strToU8('x')]));
    expect(() => unzipEntries(zipSync(many), () => false, { ...UNZIP_LIMITS, maxEntries: 10 })).toThrow(
      /holds more than 10 entries/,
    );
  });
});
