/**
 * The framing of the upload parsing processes' pipes (parsePool.ts ⇄ parseProcess.ts). A frame is a
 * small header, serialised with V8's serialiser, and then raw segments of bytes whose lengths the
 * header lists:
 *
 *   [u32 BE header length][header][segment 0]…[segment n−1]
 *
 * Why not the IPC channel of `child_process.fork`: it serialises a whole message in one call on the
 * sending thread and deserialises it in one call on the receiving one, so handing a 53 MB weather CSV
 * to a process and getting its series back held the server's event loop about a second (bench
 * uploadDos). Here a file's bytes are written to the pipe as they are (no copy), and the large typed
 * arrays of an answer (a weather year's series) travel as raw segments, copied chunk by chunk as they
 * arrive into arrays of their own, each owning its whole buffer; only the small rest of the answer is
 * serialised.
 */
import v8 from 'node:v8';

/** Typed arrays at least this large travel as raw segments [bytes]. */
const SEGMENT_FROM = 64 * 1024;

/** The typed arrays a segment can be, by name. */
const VIEWS = {
  Float64Array,
  Float32Array,
  Int32Array,
  Uint32Array,
  Int16Array,
  Uint16Array,
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Buffer,
} as const;
type ViewName = keyof typeof VIEWS;

/** Where a segment stood in the value: `{ [SLOT]: index }`. */
const SLOT = '__sunfieldSegment';

/** What a frame's header holds besides the caller's fields. */
interface Framing {
  /** byte length of each segment */
  segments: number[];
  /** what each segment becomes, where it stood in a value */
  views?: ViewName[];
}

const viewName = (value: ArrayBufferView): ViewName | undefined => {
  if (Buffer.isBuffer(value)) return 'Buffer';
  const name = value.constructor.name;
  return name in VIEWS ? (name as ViewName) : undefined;
};

/**
 * Takes the large typed arrays out of a value (in plain objects and arrays, a few levels deep),
 * leaving a slot in their place.
 */
function takeViews(value: unknown, found: ArrayBufferView[], depth = 0): unknown {
  if (ArrayBuffer.isView(value)) {
    if (value.byteLength < SEGMENT_FROM || !viewName(value)) return value;
    found.push(value);
    return { [SLOT]: found.length - 1 };
  }
  if (depth >= 5 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => takeViews(v, found, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = takeViews(v, found, depth + 1);
  return out;
}

/** Puts the typed arrays back into their slots. */
function putViews(value: unknown, views: ArrayBufferView[], depth = 0): unknown {
  if (depth >= 5 || !value || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.map((v) => putViews(v, views, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const slot = (value as Record<string, unknown>)[SLOT];
  if (typeof slot === 'number' && Object.keys(value).length === 1) return views[slot];
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = putViews(v, views, depth + 1);
  return out;
}

/**
 * Writes a frame: the header's fields and, as raw segments, the given bytes (the request's file)
 * and the large typed arrays inside `value` (which arrives under the same key).
 * @param write writes one piece to the pipe (not copied: the caller must not change them after)
 */
export function writeFrame(
  write: (piece: Uint8Array) => void,
  fields: Record<string, unknown>,
  raw: Uint8Array[] = [],
  value?: unknown,
): void {
  const views: ArrayBufferView[] = [];
  const kept = value === undefined ? undefined : takeViews(value, views);
  const pieces = [...raw, ...views.map((v) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength))];
  const framing: Framing = {
    segments: pieces.map((p) => p.byteLength),
    views: views.map((v) => viewName(v) as ViewName),
  };
  const header = v8.serialize({ ...fields, value: kept, framing });
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  write(length);
  write(header);
  for (const piece of pieces) if (piece.byteLength > 0) write(piece);
}

/** A frame as read: the header's fields, the value with its arrays back, the raw segments before them. */
export interface Frame {
  fields: Record<string, unknown>;
  value: unknown;
  raw: Uint8Array[];
}

/**
 * Reads frames from a stream of chunks. Each segment gets an ArrayBuffer of its own, filled as
 * chunks arrive, so no step copies more than one chunk.
 */
export class FrameReader {
  private lengthBytes = Buffer.alloc(4);
  private lengthFill = 0;
  private header?: Buffer;
  private headerFill = 0;
  private framing?: Framing & { fields: Record<string, unknown>; value: unknown };
  private segments: Uint8Array<ArrayBuffer>[] = [];
  private segment = 0;
  private segmentFill = 0;

  /**
   * @param rawCount how many leading segments are raw bytes, not arrays of the value
   * @param onFrame called with each whole frame
   */
  constructor(
    private readonly rawCount: number,
    private readonly onFrame: (frame: Frame) => void,
  ) {}

  push(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length || this.complete()) {
      if (this.complete()) {
        this.emit();
        continue;
      }
      if (this.header === undefined) {
        const take = Math.min(4 - this.lengthFill, chunk.length - at);
        this.lengthBytes.set(chunk.subarray(at, at + take), this.lengthFill);
        this.lengthFill += take;
        at += take;
        if (this.lengthFill === 4) this.header = Buffer.allocUnsafe(this.lengthBytes.readUInt32BE(0));
      } else if (this.framing === undefined) {
        const take = Math.min(this.header.length - this.headerFill, chunk.length - at);
        this.header.set(chunk.subarray(at, at + take), this.headerFill);
        this.headerFill += take;
        at += take;
        if (this.headerFill === this.header.length) this.startSegments();
      } else {
        const target = this.segments[this.segment] as Uint8Array;
        const take = Math.min(target.length - this.segmentFill, chunk.length - at);
        target.set(chunk.subarray(at, at + take), this.segmentFill);
        this.segmentFill += take;
        at += take;
        this.skipFull();
      }
    }
  }

  private startSegments(): void {
    const { framing, value, ...fields } = v8.deserialize(this.header as Buffer) as {
      framing: Framing;
      value: unknown;
    };
    this.framing = { ...framing, fields, value };
    this.segments = framing.segments.map((n) => new Uint8Array(new ArrayBuffer(n)));
    this.segment = 0;
    this.segmentFill = 0;
    this.skipFull();
  }

  /** Moves past the segments that are full (empty ones are full at once). */
  private skipFull(): void {
    while (this.segment < this.segments.length && this.segmentFill === this.segments[this.segment]?.length) {
      this.segment += 1;
      this.segmentFill = 0;
    }
  }

  private complete(): boolean {
    return this.framing !== undefined && this.segment >= this.segments.length;
  }

  private emit(): void {
    const { fields, value, views = [] } = this.framing as NonNullable<typeof this.framing>;
    const raw = this.segments.slice(0, this.rawCount);
    const arrays = this.segments.slice(this.rawCount).map((bytes, k) => {
      const name = views[k] ?? 'Uint8Array';
      if (name === 'Buffer') return Buffer.from(bytes.buffer);
      const View = VIEWS[name];
      return new View(bytes.buffer);
    });
    this.lengthFill = 0;
    this.header = undefined;
    this.headerFill = 0;
    this.framing = undefined;
    this.segments = [];
    this.onFrame({ fields, value: putViews(value, arrays), raw });
  }
}
