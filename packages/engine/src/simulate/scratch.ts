/**
 * Scratch columns of a simulation: Float64Arrays for values that its result does not keep (the optics
 * chain's intermediate columns and work arrays, the module's MPP at 25 °C), lent for the length of one
 * `simulate` call and reused by the next one (issue 17, speed).
 *
 * A column of a 1-minute year is 4.2 MB. A fresh one costs the kernel ~1,000 zeroed pages on first
 * touch (system time, ~0.3 s of a 1-minute year with ~110 fresh columns) and V8 a share of a garbage
 * collection once it is dropped; a lent one costs neither. The pool is held through a WeakRef: within a
 * synchronous run of simulations (`sunfield simulate --repeat`) it stays, and between the jobs of a
 * long-lived process the garbage collector may take it back, so it never pins memory that is not used.
 * A nested `simulate` (from an `onProgress` callback) gets fresh columns.
 */

let kept: WeakRef<Float64Array[]> | undefined;
let busy = false;

/** Columns lent to one simulation; {@link Scratch.end} gives them back. */
export class Scratch {
  private readonly free: Float64Array[];
  private readonly lent: Float64Array[] = [];
  private readonly pooled: boolean;

  private constructor(free: Float64Array[], pooled: boolean) {
    this.free = free;
    this.pooled = pooled;
  }

  /** The scratch of a simulation: the pool's columns, or none when another simulation holds them. */
  static begin(): Scratch {
    if (busy) return new Scratch([], false);
    busy = true;
    return new Scratch(kept?.deref() ?? [], true);
  }

  /**
   * A column of n values, zero-filled (as a new Float64Array), valid until {@link end}: the caller
   * must not let it reach the simulation's result.
   */
  zeroed(n: number): Float64Array {
    return this.take(n, true);
  }

  /**
   * A column of n values whose contents are left from an earlier simulation: for work arrays that
   * every run writes before it reads them. Valid until {@link end}.
   */
  dirty(n: number): Float64Array {
    return this.take(n, false);
  }

  private take(n: number, zero: boolean): Float64Array {
    const free = this.free;
    for (let k = free.length - 1; k >= 0; k--) {
      const c = free[k]!;
      if (c.length !== n) continue;
      free[k] = free[free.length - 1]!;
      free.pop();
      if (zero) c.fill(0);
      this.lent.push(c);
      return c;
    }
    const c = new Float64Array(n);
    this.lent.push(c);
    return c;
  }

  /** Takes every lent column back into the pool (columns of another length are dropped). */
  end(): void {
    if (!this.pooled) return;
    const n = this.lent[0]?.length;
    const all = this.lent.concat(this.free.filter((c) => c.length === n));
    this.lent.length = 0;
    kept = new WeakRef(all);
    busy = false;
  }
}
