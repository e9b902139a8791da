/**
 * The columns of a simulation (issue 17, speed): the result's, the transient columns of the optics
 * chain and of the module at 25 °C (below), the recycled columns of an earlier result, and the zero
 * column.
 *
 * A column of a 1-minute year is 4.2 MB. A fresh one costs the kernel ~1,000 zeroed pages on first
 * touch (system time, ~0.3 s of a 1-minute year with ~110 fresh columns) and V8 a share of a garbage
 * collection once it is dropped; a reused one costs neither. A nested `simulate` (from an
 * `onProgress` callback) has columns of its own.
 *
 * The columns a result keeps are made by {@link resultColumn}, and the simulation records them
 * ({@link Scratch.keep}). A caller done with a result hands it to the next simulation
 * (`SimulateOptions.recycle`, `sunfield simulate --repeat`): that one takes its columns again, zero-filled,
 * instead of new ones. The fixed example's 40 columns of a 1-minute year are 170 MB: as new memory,
 * page faults and zeroed pages in the kernel (~42,000 a run, ~1,500–2,000 with the columns recycled)
 * and a garbage collection of the dropped result (issue 17, speed).
 *
 * The optics chain's intermediate columns live only while the chains run, and the later stages (module,
 * DC fields, plant stages, inverters, arrays, plant) need about as many columns again: they are made as
 * result columns ({@link Scratch.transient}) and, once every chain has run ({@link Scratch.endTransient}),
 * the later result columns are those same columns, zero-filled again. The first simulation of a process
 * then asks the kernel for 40 columns of a 1-minute year (fixed example; ~104 before this scheme and
 * the one-array columns; issue 17, first run), and a recycled result gives a simulation every column it needs. The module's MPP at 25 °C, read only by the
 * plant's DC stages, is in intermediates no result column took yet ({@link Scratch.lend}), which the
 * columns after those stages take in turn.
 */

/** The scratch of the simulation that runs now (the innermost one), whose result columns {@link resultColumn} makes. */
let current: Scratch | undefined;
/** The columns each result's simulation made with {@link resultColumn}, until a later simulation recycles them. */
const madeFor = new WeakMap<object, Float64Array[]>();

/**
 * A zero-filled column of n values for a simulation's result: one of a recycled result's columns when
 * the running simulation was given one (see the file comment), a new one otherwise (and outside any
 * simulation).
 * @param written the caller writes every value before any is read (it fills the column itself, or
 *        its loop sets every step): a reused column is then not zero-filled first (a pass over 4.2 MB
 *        of a 1-minute year for nothing; issue 17)
 */
export function resultColumn(n: number, written = false): Float64Array {
  return current === undefined ? new Float64Array(n) : current.result(n, written);
}

/**
 * The simulation's zero column of n values: one result column that every column which is 0 at every
 * step for the run's choices shares (no rear side, an array without loads, a plant without availability
 * loss or LGIA limit). Nothing writes a value other than 0 to it. Outside a simulation, a new column.
 */
export function zeroColumn(n: number): Float64Array {
  return current === undefined ? new Float64Array(n) : current.zero(n);
}

/** The columns of one simulation; {@link Scratch.end} closes it. */
export class Scratch {
  /** columns of a recycled result, to make this simulation's result columns from */
  private readonly recycled: Float64Array[];
  /** the result columns this simulation made */
  private readonly made: Float64Array[] = [];
  /** columns of `made` lent for intermediate values until {@link endTransient} */
  private readonly transients: Float64Array[] = [];
  /** columns of `made` whose intermediate values are no longer read: the next result columns */
  private readonly spare: Float64Array[] = [];
  /** the scratch of the simulation this one runs inside, if any */
  private readonly outer: Scratch | undefined;
  /** see {@link zeroColumn} */
  private zeros: Float64Array | undefined;

  private constructor(recycled: Float64Array[]) {
    this.recycled = recycled;
    this.outer = current;
  }

  /**
   * The scratch of a simulation, which becomes the current one until {@link end}.
   * @param recycle an earlier simulation's result whose columns this one may overwrite (the caller
   *        does not read it again); each result's columns are recycled at most once
   */
  static begin(recycle?: object): Scratch {
    const recycled = recycle === undefined ? undefined : madeFor.get(recycle);
    if (recycle !== undefined) madeFor.delete(recycle);
    const s = new Scratch(recycled ?? []);
    current = s;
    return s;
  }

  /** See {@link resultColumn}. */
  result(n: number, written = false): Float64Array {
    const c = takeOfLength(this.spare, n);
    if (c !== undefined) return written ? c : c.fill(0);
    return this.made1(n, written);
  }

  /**
   * See {@link zeroColumn}: a new column on first use, then the same array. Not a recycled one, nor
   * recorded for recycling: a new column that nothing writes is never touched memory (the kernel's
   * zero page), where a recycled one would be zero-filled, and a result's zero column zero-filled
   * again by the next simulation (1,000 page faults of a 1-minute year for nothing; issue 17).
   */
  zero(n: number): Float64Array {
    if (this.zeros?.length !== n) this.zeros = new Float64Array(n);
    return this.zeros;
  }

  /** @internal A column of a recycled result (zero-filled unless `written`), or a new one; recorded as made. */
  private made1(n: number, written = false): Float64Array {
    let c = takeOfLength(this.recycled, n);
    if (c === undefined) c = new Float64Array(n);
    else if (!written) c.fill(0);
    this.made.push(c);
    return c;
  }

  /**
   * A zero-filled column of n values for intermediate values that the result does not keep and that
   * no one reads after {@link endTransient} (the optics chain's): made as a result column, it becomes
   * one of the result columns asked for after that (see the file comment).
   */
  transient(n: number): Float64Array {
    const c = this.made1(n);
    this.transients.push(c);
    return c;
  }

  /**
   * A column of n values for values that this simulation writes at every step before it reads them,
   * and no longer reads after the next {@link endTransient} (the module's MPP at 25 °C, read by the
   * plant's DC stages): one of the chain's intermediates that no result column took yet when there is
   * one (memory already touched, not zero-filled), else a new one; after that call, later result
   * columns take it (issue 17, first run: three fewer new columns).
   */
  lend(n: number): Float64Array {
    const c = takeOfLength(this.spare, n) ?? this.made1(n, true);
    this.transients.push(c);
    return c;
  }

  /** The values of every {@link transient} column are no longer read: later result columns take them. */
  endTransient(): void {
    for (const c of this.transients) this.spare.push(c);
    this.transients.length = 0;
  }

  /**
   * Records the columns this simulation made as those of `result`, for a later one to recycle: its
   * result columns and the transient columns that no result column took (when one-child sums and
   * load-free arrays share columns, a result needs fewer than the chain's intermediates). A simulation
   * that recycles the result takes them all for its own transients; left out, they were new columns
   * again in every recycled run (`--repeat` of a 1-minute year: ~8k page faults a run instead of ~1.3k;
   * issue 17).
   */
  keep(result: object): void {
    this.endTransient();
    this.spare.length = 0;
    madeFor.set(result, this.made);
  }

  /** The simulation is over: the one it ran inside (if any) is the current one again. */
  end(): void {
    current = this.outer;
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
