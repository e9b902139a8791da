/**
 * The one line splitter (csv.ts) and the readers that use it: quoted fields that hold the delimiter
 * (RFC 4180 §2) no longer shift the columns of the generic and template weather readers.
 */
import { describe, expect, it } from 'vitest';
import { splitCsvLine, splitDelimited } from '../src/csv.ts';
import { inspectGenericCsv, parseGenericCsv, type GenericCsvMapping } from '../src/weather/genericCsv.ts';

describe('splitCsvLine', () => {
  it('splits on the delimiter outside quotes; "" inside quotes is one quote', () => {
    expect(splitCsvLine('a,"b,c",d')).toEqual(['a', 'b,c', 'd']);
    expect(splitCsvLine('a;"b;c";"say ""hi"""', ';')).toEqual(['a', 'b;c', 'say "hi"']);
    expect(splitCsvLine('a\t"b\tc"', '\t')).toEqual(['a', 'b\tc']);
    expect(splitCsvLine('1,2,,3')).toEqual(['1', '2', '', '3']);
  });
  it('splitDelimited trims and reads runs of blanks for a space delimiter', () => {
    expect(splitDelimited(' a ; " b;c " ; d', ';')).toEqual(['a', 'b;c', 'd']);
    expect(splitDelimited('  1   2\t3 ', ' ')).toEqual(['1', '2', '3']);
  });
});

describe('generic weather reader with quoted fields', () => {
  const mapping: GenericCsvMapping = {
    delimiter: ',',
    headerRow: 0,
    timestamp: { format: 'iso', column: 0 },
    timeZone: 0,
    timestampDefinition: 'intervalEnd',
    columns: [
      { index: 2, key: 'ghi', unit: 'W/m2' },
      { index: 3, key: 'tempAir', unit: 'C' },
    ],
  };
  // The station column holds the delimiter inside quotes; values after it must not shift.
  const text =
    'time,"station, site",ghi,"temp, air"\n' +
    '2020-01-01T01:00,"Golden, CO",0,1.5\n' +
    '"2020-01-01T02:00","Golden, CO","10",2\n' +
    '2020-01-01T03:00,"Golden, ""NREL""",20,"2.5"\n';

  it('reads values after a quoted field that holds the delimiter', () => {
    const data = parseGenericCsv(text, mapping);
    expect(data.meta.rowCount).toBe(3);
    expect(Array.from(data.ghi)).toEqual([0, 10, 20]);
    expect(Array.from(data.tempAir)).toEqual([1.5, 2, 2.5]);
  });

  it('inspects the header and rows with the quoted fields kept whole', () => {
    const inspection = inspectGenericCsv(text);
    expect(inspection.delimiter).toBe(',');
    expect(inspection.headerRow).toBe(0);
    expect(inspection.columns.map((c) => c.header)).toEqual(['time', 'station, site', 'ghi', 'temp, air']);
    expect(inspection.sampleRows[0]).toEqual(['2020-01-01T01:00', 'Golden, CO', '0', '1.5']);
  });
});
