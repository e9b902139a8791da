/**
 * The one place the server inflates a ZIP container (an uploaded XLSX workbook), written so that a
 * compression bomb costs at most the cap, not what it would inflate to. fflate's `Unzip` reads the
 * container (local headers, data descriptors, ZIP64 sizes) but inflates whatever it is given in one
 * go, at ~100 MB/s for a run of zeros: a 1 MB bomb inflating to 1 GB held the thread for 8 s before
 * the old count could see it. So fflate's inflater is replaced by zlib's, which stops at
 * `maxOutputLength` (it checks after each 16 kB of output, natively, at ~1 GB/s): an entry inflates to
 * at most what is left of the caps plus one byte. The entry count is capped too (each entry costs a
 * header parse even when skipped), and an entry whose declared size is already over the cap is
 * refused before a byte of it is inflated.
 */
import zlib from 'node:zlib';
import { Unzip, type FlateError, type UnzipDecoder } from 'fflate';

export class UnzipError extends Error {}

export interface UnzipLimits {
  /** most bytes one entry may inflate to */
  maxEntryBytes: number;
  /** most bytes all the inflated entries together may reach */
  maxTotalBytes: number;
  /** most entries the container may hold (inflated or not) */
  maxEntries: number;
}

/**
 * Defaults for an uploaded workbook: a worksheet of 200,000 rows of four numbers inflates to about
 * 30 MB; an XLSX written by Excel holds a dozen entries, a few hundred with many sheets and images.
 */
export const UNZIP_LIMITS: UnzipLimits = {
  maxEntryBytes: 48 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
  maxEntries: 2_000,
};

/**
 * A budget of inflated bytes shared by several reads of the same container (a workbook is read in
 * two passes: its index, then the sheet the index names), so that the cap holds for the whole file.
 */
export interface InflateBudget {
  inflated: number;
}

const mb = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * The wanted entries of a ZIP container, inflated under the caps.
 * @param bytes the container
 * @param wanted which entries to inflate (by name); the others are skipped, not inflated
 * @param limits the caps (default {@link UNZIP_LIMITS})
 * @param budget inflated bytes already spent on this container by an earlier pass
 * @throws UnzipError naming the cap crossed or the damage found, its message a predicate
 *   ("inflates to more than 64 MB") for the caller to give a subject
 */
export function unzipEntries(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  limits: UnzipLimits = UNZIP_LIMITS,
  budget: InflateBudget = { inflated: 0 },
): Map<string, Uint8Array> {
  const entries = new Map<string, Uint8Array>();
  // The first refusal wins: fflate reports an exception thrown from `ondata` back through `ondata`
  // as an error, which would otherwise replace the reason with "damaged".
  let refusal: UnzipError | undefined;
  const stop = (error: UnzipError): never => {
    refusal ??= error;
    throw refusal;
  };
  const entryCap = (name: string) =>
    new UnzipError(`has a part (${name}) that inflates to more than ${mb(limits.maxEntryBytes)}`);
  const totalCap = () => new UnzipError(`inflates to more than ${mb(limits.maxTotalBytes)}`);

  /** Deflate (method 8) through zlib, bounded by what the caps leave; fflate's interface. */
  class CappedInflate implements UnzipDecoder {
    static readonly compression = 8;
    ondata: (error: FlateError | null, data: Uint8Array, final: boolean) => void = () => {};
    private readonly chunks: Uint8Array[] = [];
    constructor(private readonly name: string) {}
    push(chunk: Uint8Array, final: boolean): void {
      this.chunks.push(chunk);
      if (!final) return;
      const left = limits.maxTotalBytes - budget.inflated;
      const allowance = Math.max(0, Math.min(limits.maxEntryBytes, left));
      let out: Buffer;
      try {
        out = zlib.inflateRawSync(Buffer.concat(this.chunks), { maxOutputLength: allowance + 1 });
      } catch (error) {
        if ((error as { code?: string }).code !== 'ERR_BUFFER_TOO_LARGE') {
          stop(new UnzipError(`is damaged (${(error as Error).message})`));
        }
        stop(allowance < limits.maxEntryBytes ? totalCap() : entryCap(this.name));
      }
      this.ondata(null, out!, true);
    }
  }

  let count = 0;
  const unzip = new Unzip((file) => {
    count += 1;
    if (count > limits.maxEntries) stop(new UnzipError(`holds more than ${limits.maxEntries} entries`));
    if (!wanted(file.name)) return;
    if (file.originalSize !== undefined && file.originalSize > limits.maxEntryBytes)
      stop(entryCap(file.name));
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (refusal) throw refusal;
      if (error) stop(new UnzipError(`is damaged (${error.message})`));
      size += chunk.length;
      budget.inflated += chunk.length;
      if (size > limits.maxEntryBytes) stop(entryCap(file.name));
      if (budget.inflated > limits.maxTotalBytes) stop(totalCap());
      chunks.push(chunk);
      if (final) entries.set(file.name, Buffer.concat(chunks, size));
    };
    file.start();
  });
  unzip.register(CappedInflate);
  try {
    unzip.push(bytes, true);
  } catch (error) {
    if (refusal) throw refusal;
    throw new UnzipError(`is damaged (${(error as Error).message})`);
  }
  return entries;
}
