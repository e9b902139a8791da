/**
 * Defensive reading of PVsyst component files (.PAN modules, .OND inverters) before their values
 * are parsed: decoding of the bytes (UTF-8 with or without BOM, UTF-16 LE/BE, else Latin-1), size
 * limit, refusal of binary content (the pre-6.40 PVsyst binary format, or junk), the opening
 * `PVObject_=` line, and nesting (every opened object closed, so a truncated file is refused rather
 * than read partially). Problems are {@link PvsystFileError}s naming the problem and the line.
 *
 * The binary PAN/OND format of PVsyst before version 6.40 (Borland Real48 numbers in a positional
 * layout) has no public specification; it is refused with a message asking for a text export.
 */

/** A PVsyst file that cannot be read; `line` is 1-based, 0 for the file as a whole. */
export class PvsystFileError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'PvsystFileError';
  }
}

/** Largest text accepted [characters]; real PAN and OND files are under 50 kB. */
export const PVSYST_MAX_CHARS = 2_000_000;

/** Strict UTF-8 decoding; undefined at the first invalid sequence. */
function utf8(b: Uint8Array, start: number): string | undefined {
  const out: string[] = [];
  let chunk: number[] = [];
  for (let i = start; i < b.length;) {
    const c = b[i]!;
    let cp: number;
    let n: number;
    if (c < 0x80) {
      cp = c;
      n = 1;
    } else if (c >= 0xc2 && c < 0xe0) {
      cp = c & 0x1f;
      n = 2;
    } else if (c >= 0xe0 && c < 0xf0) {
      cp = c & 0x0f;
      n = 3;
    } else if (c >= 0xf0 && c < 0xf5) {
      cp = c & 0x07;
      n = 4;
    } else return undefined;
    if (i + n > b.length) return undefined;
    for (let k = 1; k < n; k++) {
      const d = b[i + k]!;
      if ((d & 0xc0) !== 0x80) return undefined;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (
      (n === 3 && (cp < 0x800 || (cp >= 0xd800 && cp < 0xe000))) ||
      (n === 4 && (cp < 0x10000 || cp > 0x10ffff))
    )
      return undefined;
    chunk.push(cp);
    if (chunk.length >= 4096) {
      out.push(String.fromCodePoint(...chunk));
      chunk = [];
    }
    i += n;
  }
  out.push(String.fromCodePoint(...chunk));
  return out.join('');
}

function utf16(b: Uint8Array, start: number, little: boolean): string {
  const out: string[] = [];
  let chunk: number[] = [];
  for (let i = start; i + 1 < b.length; i += 2) {
    chunk.push(little ? b[i]! | (b[i + 1]! << 8) : (b[i]! << 8) | b[i + 1]!);
    if (chunk.length >= 4096) {
      out.push(String.fromCharCode(...chunk));
      chunk = [];
    }
  }
  out.push(String.fromCharCode(...chunk));
  return out.join('');
}

/** Windows-1252 characters of bytes 0x80–0x9F (undefined bytes stay C1 controls). */
const CP1252 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

/** Windows-1252 (Latin-1 with the printable characters of 0x80–0x9F), as PVsyst writes on Windows. */
function latin1(b: Uint8Array): string {
  const out: string[] = [];
  for (let i = 0; i < b.length; i += 4096) {
    const chunk = Array.from(b.subarray(i, i + 4096), (c) => (c >= 0x80 && c < 0xa0 ? CP1252[c - 0x80]! : c));
    out.push(String.fromCharCode(...chunk));
  }
  return out.join('');
}

/**
 * Text of a PVsyst file from its bytes: UTF-8 (BOM optional), UTF-16 LE or BE (by BOM, or by the
 * zero bytes of ASCII text), else Windows-1252/Latin-1 (PVsyst writes Windows code pages). Binary content is not
 * judged here (see {@link checkPvsystText}).
 * @param bytes the file
 * @param kind 'PAN' or 'OND', for messages
 * @throws PvsystFileError when the file is larger than {@link PVSYST_MAX_CHARS} bytes ×2 or empty
 */
export function decodePvsystBytes(bytes: Uint8Array, kind: 'PAN' | 'OND'): string {
  if (bytes.length === 0) throw new PvsystFileError(`The ${kind} file is empty`, 0);
  if (bytes.length > 2 * PVSYST_MAX_CHARS)
    throw new PvsystFileError(
      `The ${kind} file is too large (${(bytes.length / 1e6).toFixed(1)} MB; at most 2 MB of text)`,
      0,
    );
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(bytes, 2, true);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(bytes, 2, false);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return utf8(bytes, 3) ?? latin1(bytes.subarray(3));
  const n = Math.min(bytes.length & ~1, 200);
  let oddZero = 0;
  let evenZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  if (n >= 8 && oddZero > 0.9 * (n / 2) && evenZero === 0) return utf16(bytes, 0, true);
  if (n >= 8 && evenZero > 0.9 * (n / 2) && oddZero === 0) return utf16(bytes, 0, false);
  return utf8(bytes, 0) ?? latin1(bytes);
}

/**
 * Whether a line holds characters no text file has: C0 controls other than tab, C1 controls, or
 * U+FFFD (bytes that were not valid text).
 */
function hasBinary(l: string): boolean {
  for (let i = 0; i < l.length; i++) {
    const c = l.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || (c >= 0x80 && c < 0xa0) || c === 0xfffd) return true;
  }
  return false;
}

/** An opened object: its opening line, and the `End of …` text that closes it (lower case). */
interface Frame {
  line: number;
  text: string;
  closers: string[];
}

/**
 * Checks the text of a PVsyst file before parsing: size, binary content, the opening `PVObject_=`
 * line, and that every object opened (`PVObject_…=pvX`, `…=TCubicProfile`, `Remarks, Count=n`, …)
 * is closed by its `End of …` line. Unmatched `End of` lines are tolerated.
 * @param text the decoded file
 * @param kind 'PAN' or 'OND', for messages
 * @throws PvsystFileError naming the problem and the line
 */
export function checkPvsystText(text: string, kind: 'PAN' | 'OND'): void {
  checkPvsystContent(text, kind);
  checkPvsystNesting(text, kind);
}

/**
 * The first half of {@link checkPvsystText}: size, binary content and the opening `PVObject_=` line.
 * @throws PvsystFileError naming the problem and the line
 */
export function checkPvsystContent(text: string, kind: 'PAN' | 'OND'): void {
  if (text.length > PVSYST_MAX_CHARS)
    throw new PvsystFileError(
      `The ${kind} file is too large (${(text.length / 1e6).toFixed(1)} MB; at most 2 MB of text)`,
      0,
    );
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let bad = 0;
  let firstBad = 0;
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    // C0 controls other than tab, U+FFFD (bytes that were not text), and C1 controls
    if (hasBinary(l)) {
      bad++;
      if (!firstBad) firstBad = k + 1;
    }
  }
  if (bad > 0 && (text.includes('\u0000') || bad >= Math.max(1, 0.02 * lines.length)))
    throw new PvsystFileError(
      `Binary ${kind} files are not supported: export the ${kind} file as text from PVsyst (binary content at line ${firstBad})`,
      firstBad,
    );
  let first = 0;
  while (first < lines.length && lines[first]!.trim() === '') first++;
  if (first === lines.length) throw new PvsystFileError(`The ${kind} file is empty`, 0);
  if (!/^PVObject_\s*=/i.test(lines[first]!.trim()))
    throw new PvsystFileError(
      `Not a PVsyst ${kind} file: line ${first + 1} should open a PVObject_ (found "${lines[first]!.trim().slice(0, 40)}")`,
      first + 1,
    );
}

/**
 * The second half of {@link checkPvsystText}: every object opened is closed (a truncated file is
 * refused), no line is absurdly long.
 * @throws PvsystFileError naming the problem and the line
 */
export function checkPvsystNesting(text: string, kind: 'PAN' | 'OND'): void {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const stack: Frame[] = [];
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!.trim();
    if (line.length > 10_000)
      throw new PvsystFileError(`Line ${k + 1} of the ${kind} file is too long`, k + 1);
    const end = /^End of\s+(.*)$/i.exec(line);
    if (end) {
      const name = end[1]!.trim().toLowerCase();
      let j = stack.length - 1;
      while (j >= 0 && !stack[j]!.closers.includes(name)) j--;
      if (j >= 0) stack.length = j;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (/^PVObject_/i.test(key) && value)
      stack.push({
        line: k + 1,
        text: line,
        closers: [`pvobject ${value.toLowerCase()}`, value.toLowerCase()],
      });
    else if (/^T[A-Z]\w*$/.test(value))
      stack.push({ line: k + 1, text: line, closers: [value.toLowerCase()] });
    else if (/^(\w+),\s*Count$/i.test(key)) {
      const name = /^(\w+),/.exec(key)![1]!.toLowerCase();
      stack.push({ line: k + 1, text: line, closers: [name] });
    }
  }
  if (stack.length > 0) {
    const open = stack[stack.length - 1]!;
    throw new PvsystFileError(
      `The ${kind} file is truncated: "${open.text}" opened on line ${open.line} is never closed`,
      open.line,
    );
  }
}
