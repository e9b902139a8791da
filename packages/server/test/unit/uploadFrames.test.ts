import { describe, expect, it } from 'vitest';
import { type Frame, FrameReader, writeFrame } from '../../src/uploads/frames.ts';

/** Writes frames into one byte string, as a pipe would carry them. */
function wire(...frames: [Record<string, unknown>, Uint8Array[], unknown][]): Buffer {
  const pieces: Uint8Array[] = [];
  for (const [fields, raw, value] of frames) {
    writeFrame((p) => pieces.push(Uint8Array.from(p)), fields, raw, value);
  }
  return Buffer.concat(pieces);
}

/** Reads a byte string cut into chunks of the given sizes (cycled). */
function read(bytes: Buffer, rawCount: number, sizes: number[]): Frame[] {
  const frames: Frame[] = [];
  const reader = new FrameReader(rawCount, (f) => frames.push(f));
  let at = 0;
  for (let k = 0; at < bytes.length; k++) {
    const size = sizes[k % sizes.length] as number;
    reader.push(bytes.subarray(at, at + size));
    at += size;
  }
  return frames;
}

describe('upload process frames', () => {
  const series = Float64Array.from({ length: 20_000 }, (_, k) => Math.sin(k) * 1000);
  const flags = Uint8Array.from({ length: 70_000 }, (_, k) => k % 251);
  const value = {
    ok: {
      kind: 'parsed',
      data: {
        ghi: series,
        flags,
        small: new Float32Array([1.5, 2.5]),
        when: new Date(0),
        names: new Map([['a', 1]]),
      },
      list: [series.subarray(0, 10), { deep: Int32Array.from({ length: 30_000 }, (_, k) => -k) }],
      text: Buffer.from('x'.repeat(100_000)),
    },
  };

  it('carries raw bytes and typed arrays whole, whatever the chunking', () => {
    const file = Uint8Array.from({ length: 200_001 }, (_, k) => (k * 7) % 256);
    const bytes = wire(
      [{ id: 1, kind: 'weather' }, [file], undefined],
      [{ id: 2 }, [], value],
      [{ id: 3 }, [new Uint8Array(0)], undefined],
    );
    for (const sizes of [[bytes.length], [1, 1, 1, 9_999], [3, 65_536, 5], [4, 1, 100_000]]) {
      const raws = read(bytes, 1, sizes);
      expect(raws.map((f) => f.fields.id)).toEqual([1, 2, 3]);
      expect(raws[0]?.raw[0]).toEqual(file);
      expect(raws[2]?.raw[0]?.length).toBe(0);
    }
    const [answer] = read(wire([{ id: 9 }, [], value]), 0, [1000]);
    const ok = (answer?.value as typeof value).ok;
    expect(ok.data.ghi).toBeInstanceOf(Float64Array);
    expect(ok.data.ghi).toEqual(series);
    // Each large array owns its whole buffer, as a moved one did.
    expect(ok.data.ghi.byteOffset).toBe(0);
    expect(ok.data.ghi.buffer.byteLength).toBe(series.byteLength);
    expect(ok.data.flags).toEqual(flags);
    expect(ok.data.small).toEqual(new Float32Array([1.5, 2.5]));
    expect(ok.data.when).toEqual(new Date(0));
    expect(ok.data.names.get('a')).toBe(1);
    expect(ok.list[0]).toEqual(series.subarray(0, 10));
    expect((ok.list[1] as { deep: Int32Array }).deep[29_999]).toBe(-29_999);
    expect(Buffer.isBuffer(ok.text)).toBe(true);
    expect(ok.text.toString()).toBe('x'.repeat(100_000));
  });

  it('copies no more than a chunk when a segment arrives', () => {
    // The reader fills an array of the segment's size; the chunks given to it are not kept.
    const chunk = Buffer.from(wire([{ id: 1 }, [], { ok: series }]));
    const frames = read(chunk, 0, [65_536]);
    chunk.fill(0);
    expect((frames[0]?.value as { ok: Float64Array }).ok).toEqual(series);
  });
});
