/**
 * What `sunfield simulate` parsed from its input files, kept on disk for the next run on the same
 * files, as PVsyst keeps a weather file it imported in its own binary form: the weather file parsed
 * (its WeatherData, V8-serialised: 0.8 MB and ~1 ms to read back for an hourly year, where the TMY3
 * parse of a single run took ~25-35 ms) and the rows of the names a case takes from a CEC list (the
 * 3.8 MB module list read and scanned for one row: ~10 ms).
 *
 * Only when bin/sunfield.js runs the command's bundle (it sets the hook below with the cache folder
 * and the bundle's identity): a build of other code reads none of an earlier build's entries, and the
 * sources run through tsx, the tests and the server use none. An entry is named by a hash of its key
 * and holds the whole key: the kind, the code, what was asked (the names) and each input file's path,
 * size, modification time and inode, all compared when it is read, so that a changed file, another
 * build or a hash collision is a miss. Anything unreadable is a miss too, and anything that cannot be
 * written is no entry; the folder keeps the newest {@link KEEP} entries, {@link KEEP_BYTES} together.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The hook bin/sunfield.js sets: the folder of the entries and the identity of the running code. */
const HOOK = Symbol.for('sunfield.simulate.inputCache');

/** Entries kept in the folder at most (the newest, by modification time). */
export const KEEP = 16;
/** Bytes the kept entries may take together (a 1-minute year's weather is ~46 MB, an hourly one 0.8 MB). */
export const KEEP_BYTES = 256 * 1024 * 1024;
/** Payloads larger than this are not kept [bytes]. */
const MAX_BYTES = 128 * 1024 * 1024;

interface Hook {
  dir: string;
  code: string;
  /** {@link KEEP_BYTES} unless given (the tests give less) */
  keepBytes?: number;
}

function hook(): Hook | undefined {
  const h = (globalThis as Record<symbol, unknown>)[HOOK] as Hook | undefined;
  return h && typeof h.dir === 'string' && typeof h.code === 'string' ? h : undefined;
}

/** 32-bit FNV-1a hash of a string's UTF-16 code units, 8 hex digits (names an entry; the key inside decides). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The key of an entry, or undefined when an input file cannot be read (then no cache). */
function keyOf(h: Hook, kind: string, files: readonly string[], asked: string): string | undefined {
  try {
    const stats = files.map((f) => {
      const s = fs.statSync(f);
      return [path.resolve(f), s.size, s.mtimeMs, s.ino];
    });
    return JSON.stringify([kind, h.code, asked, stats]);
  } catch {
    return undefined;
  }
}

/** The payload of the entry of `key`, or undefined (none, another key, unreadable). */
function read(file: string, key: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.length < 4) return undefined;
  const keyBytes = bytes.readUInt32LE(0);
  if (4 + keyBytes > bytes.length || bytes.toString('utf8', 4, 4 + keyBytes) !== key) return undefined;
  return bytes.subarray(4 + keyBytes);
}

/**
 * Writes an entry (a temporary name, then renamed) and drops the oldest beyond {@link KEEP} entries or
 * `keepBytes` together.
 */
function write(file: string, key: string, payload: Uint8Array, keepBytes: number): void {
  if (payload.byteLength > MAX_BYTES) return;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const head = Buffer.from(key, 'utf8');
    const size = Buffer.alloc(4);
    size.writeUInt32LE(head.length, 0);
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.concat([size, head, payload]));
    fs.renameSync(tmp, file);
    const dir = path.dirname(file);
    const entries = fs
      .readdirSync(dir)
      .filter((n) => n.endsWith('.entry'))
      .map((n) => ({ file: path.join(dir, n), stat: fs.statSync(path.join(dir, n)) }))
      .sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs);
    let bytes = 0;
    entries.forEach((e, k) => {
      bytes += e.stat.size;
      if (k >= KEEP || (k > 0 && bytes > keepBytes)) fs.rmSync(e.file, { force: true });
    });
  } catch {
    // a folder that cannot be written: no entry
  }
}

/**
 * The value `make` computes from some input files, read back from the cache when an entry of the same
 * key is there (see the file comment), else computed and kept. Without the bin's hook, `make()`.
 * @param kind what the value is ('weather', 'cec-rows'), part of the key
 * @param files the input files the value depends on
 * @param asked anything else the value depends on, part of the key
 * @param make computes the value (its errors are thrown and nothing is kept)
 * @param encode the value as bytes
 * @param decode the value from those bytes (a throw is a miss)
 */
export function cachedInput<T>(
  kind: string,
  files: readonly string[],
  asked: string,
  make: () => T,
  encode: (value: T) => Uint8Array,
  decode: (bytes: Buffer) => T,
): T {
  const h = hook();
  const key = h && keyOf(h, kind, files, asked);
  if (h === undefined || key === undefined) return make();
  const file = path.join(h.dir, `${kind}-${fnv1a(key)}.entry`);
  const payload = read(file, key);
  if (payload !== undefined) {
    try {
      return decode(payload);
    } catch {
      // unreadable: computed again below
    }
  }
  const value = make();
  // A file that changed while it was read keeps no entry (its key no longer says what was read).
  if (keyOf(h, kind, files, asked) === key) write(file, key, encode(value), h.keepBytes ?? KEEP_BYTES);
  return value;
}
