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
 *
 * The columns a result keeps are made by {@link resultColumn}, and the simulation records them
 * ({@link Scratch.keep}). A caller done with a result hands it to the next simulation
 * (`SimulateOptions.recycle`, `sunfield simulate --repeat`): that one takes its columns again, zero-filled,
 * instead of new ones. 69 columns of a 1-minute year are 290 MB: as new memory, page faults and zeroed
 * pages in the kernel (~58,700 a run of the fixed example, ~2,200 with the columns recycled) and a
 * garbage collection of the dropped result (issue 17, speed).
 */

let kept: WeakRef<Float64Array[]> | undefined;
let busy = false;
/** The scratch of the simulation that runs now (the innermost one), whose result columns {@link resultColumn} makes. */
let current: Scratch | undefined;
/** The columns each result's simulation made with {@link resultColumn}, until a later simulation recycles them. */
const madeFor = new WeakMap<object, Float64Array[]>();

/**
 * A zero-filled column of n values for a simulation's result: one of a recycled result's columns when
 * the running simulation was given one (see the file comment), a new one otherwise (and outside any
 * simulation).
 */
export function resultColumn(n: number): Float64Array {
  return current === undefined ? new Float64Array(n) : current.result(n);
}

/** Columns lent to one simulation; {@link Scratch.end} gives them back. */
export class Scratch {
  private readonly free: Float64Array[];
  private readonly lent: Float64Array[] = [];
  private readonly pooled: boolean;
  /** columns of a recycled result, to make this simulation's result columns from */
  private readonly recycled: Float64Array[];
  /** the result columns this simulation made */
  private readonly made: Float64Array[] = [];
  /** the scratch of the simulation this one runs inside, if any */
  private readonly outer: Scratch | undefined;

  private constructor(free: Float64Array[], pooled: boolean, recycled: Float64Array[]) {
    this.free = free;
    this.pooled = pooled;
    this.recycled = recycled;
    this.outer = current;
  }

  /**
   * The scratch of a simulation: the pool's columns, or none when another simulation holds them.
   * @param recycle an earlier simulation's result whose columns this one may overwrite (the caller
   *        does not read it again); each result's columns are recycled at most once
   */
  static begin(recycle?: object): Scratch {
    const recycled = recycle === undefined ? undefined : madeFor.get(recycle);
    if (recycle !== undefined) madeFor.delete(recycle);
    const s = busy
      ? new Scratch([], false, recycled ?? [])
      : new Scratch(kept?.deref() ?? [], true, recycled ?? []);
    busy = true;
    current = s;
    return s;
  }

  /** See {@link resultColumn}. */
  result(n: number): Float64Array {
    let c = takeOfLength(this.recycled, n);
    if (c === undefined) c = new Float64Array(n);
    else c.fill(0);
    this.made.push(c);
    return c;
  }

  /** Records the result columns this simulation made as those of `result`, for a later one to recycle. */
  keep(result: object): void {
    madeFor.set(result, this.made);
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
    let c = takeOfLength(this.free, n);
    if (c === undefined) c = new Float64Array(n);
    else if (zero) c.fill(0);
    this.lent.push(c);
    return c;
  }

  /** Takes every lent column back into the pool (columns of another length are dropped). */
  end(): void {
    current = this.outer;
    if (!this.pooled) return;
    const n = this.lent[0]?.length;
    const all = this.lent.concat(this.free.filter((c) => c.length === n));
    this.lent.length = 0;
    kept = new WeakRef(all);
    busy = false;
  }
}

/** Removes and returns a column of n values from `list` (any order), or undefined. */
function takeOfLength(list: Float64Array[], n: number): Float64Array | undefined {
  for (let k = list.length - 1; k >= 0; k--) {
    const c = list[k]!;
    if (c.length !== n) continue;
    list[k] = list[list.length - 1]!;
    list.pop();
    return c;
  }
  return undefined;
}
