/**
 * Compression bombs for the upload tests and the upload bench, built in memory in milliseconds.
 * Compressing a gigabyte of zeros (fflate `zipSync`, level 9, ~1000:1) takes seconds; instead one
 * megabyte of zeros is deflated once with a sync flush, which ends it on a byte boundary with a
 * non-final block, and that kilobyte is repeated: each copy is a valid run of deflate blocks that only
 * refer back to zeros, so the stream inflates to as many megabytes as it has copies.
 */
import zlib from 'node:zlib';

const MB = 1024 * 1024;

/** Deflate blocks ending the stream: a final fixed-Huffman block holding only end-of-block. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** A raw deflate stream inflating to `megabytes` MB of zeros, and their CRC-32. */
export function deflatedZeros(megabytes: number): { data: Buffer; crc: number } {
  const zeros = Buffer.alloc(MB);
  const block = zlib.deflateRawSync(zeros, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  let crc = 0;
  for (let k = 0; k < megabytes; k++) crc = zlib.crc32(zeros, crc);
  return { data: Buffer.concat([...Array<Buffer>(megabytes).fill(block), FINAL_EMPTY_BLOCK]), crc };
}

export interface ZipEntry {
  name: string;
  /** deflated content */
  data: Buffer;
  crc: number;
  /** the size the headers declare (a bomb may lie) */
  declaredSize: number;
}

/** A ZIP container of deflated entries (local headers, central directory, end record). */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declaredSize >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declaredSize >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * An XLSX zip bomb: a first worksheet (at the path a workbook without an index is read from) that
 * inflates to `megabytes` MB, about a thousandth of that compressed.
 * @param options.lie declare a 1 kB sheet, so only counting the inflated output can stop it
 */
export function xlsxBomb(megabytes: number, options: { lie?: boolean } = {}): Buffer {
  const { data, crc } = deflatedZeros(megabytes);
  const declaredSize = options.lie ? 1024 : Math.min(megabytes * MB, 0xffffffff);
  return zipOf([{ name: 'xl/worksheets/sheet1.xml', data, crc, declaredSize }]);
}
