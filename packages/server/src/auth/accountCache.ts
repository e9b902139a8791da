/**
 * The accounts behind access tokens, cached per process for a few seconds so that a request with a
 * token costs a map lookup instead of a join (issue 18).
 *
 * Only the columns a request needs are loaded (never the password hash, the TOTP secret or its last
 * step), by one prepared statement. An entry is dropped as soon as the process hears that its user or
 * company changed: triggers on `users` and `companies` (migration 0014) NOTIFY `account_changed` at
 * commit with `u:{userId}` or `c:{companyId}` for every update or delete (a user disabled, a role or
 * the token version changed, a company disabled or its subscription changed), and revocations
 * announced on `credentials_revoked` (realtime/publish.ts) drop the user too. While the process is
 * not listening (the PostgreSQL listening connection dropped and is being replaced) nothing is served
 * from the cache, and everything cached before is forgotten, since a change may have been missed.
 *
 * The user's accepted agreements come with the account (GET /User/current shows the latest acceptance
 * of the user's agreement; issue 18: it was a query of its own on every call). Recording a decision
 * drops the user here and announces `u:{userId}` on the same channel (routes/general/agreements.ts),
 * so an acceptance shows at once on this process and within milliseconds on the others.
 *
 * A load that began before an invalidation is not stored (the epoch counter), so an answer read just
 * before a change cannot outlive the change's notification. Entries never cross companies: the cache
 * is keyed by user id and the caller checks the token's company against the loaded one.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/index.ts';
import { agreementAcceptances, companies, users } from '../db/schema.ts';
import { REVOKED_CHANNEL } from '../realtime/publish.ts';

export const ACCOUNT_CHANNEL = 'account_changed';
/** How long an account is served from the cache when no change is heard [ms]. */
export const ACCOUNT_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

type UserRow = typeof users.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

/** The user columns a request may read; the secrets stay in the database. */
export type AuthUser = Omit<UserRow, 'passwordHash' | 'totpSecret' | 'totpLastStep'>;

/** One accepted agreement version of the user (`decidedDate` as PostgreSQL writes it in JSON). */
export interface AcceptedAgreement {
  agreement: string;
  version: number;
  decidedDate: string;
}

export interface CachedAccount {
  user: AuthUser;
  company: CompanyRow;
  /** Every agreement version the user accepted, in no order. */
  acceptances: AcceptedAgreement[];
}

const {
  passwordHash: _passwordHash,
  totpSecret: _totpSecret,
  totpLastStep: _totpLastStep,
  ...authUserColumns
} = getTableColumns(users);

const accountSelect = (db: Db) =>
  db
    .select({
      user: authUserColumns,
      company: companies,
      acceptances: sql<AcceptedAgreement[]>`coalesce((
        select json_agg(json_build_object('agreement', a.agreement, 'version', a.version,
                                          'decidedDate', a.decided_date))
          from ${agreementAcceptances} a
         where a.user_id = ${users.id} and a.decision = 'accepted'), '[]'::json)`,
    })
    .from(users)
    .innerJoin(companies, eq(users.companyId, companies.id));

/** A prepared statement: PostgreSQL parses and plans it once per connection. */
const accountQuery = (db: Db) =>
  accountSelect(db)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('auth_account');

/** The account of a user read from the database (not cached). */
export async function readAccount(db: Db, userId: string): Promise<CachedAccount | undefined> {
  const rows = await accountSelect(db).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

interface Entry {
  account: CachedAccount | undefined;
  at: number;
}

export class AccountCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<
    string,
    { epoch: number; promise: Promise<CachedAccount | undefined> }
  >();
  private readonly query: ReturnType<typeof accountQuery>;
  private epoch = 0;
  /** Subscribed, and the listening connection is up. */
  private listening = false;
  private readonly unsubscribes: (() => Promise<void>)[] = [];
  /** Called after each invalidation (tests wait for the change to reach the process). */
  onInvalidate: ((key: string) => void) | undefined;

  constructor(
    db: Db,
    private readonly ttlMs = ACCOUNT_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.query = accountQuery(db);
  }

  /** Subscribes to the change channels; until then (or without it) every call reads the database. */
  async listen(database: Pick<Database, 'pubsub'>): Promise<void> {
    const { pubsub } = database;
    this.unsubscribes.push(
      await pubsub.subscribe(ACCOUNT_CHANNEL, (payload) => this.onMessage(payload)),
      await pubsub.subscribe(REVOKED_CHANNEL, (userId) => this.invalidate(`u:${userId}`)),
    );
    pubsub.onListening?.((up) => {
      this.listening = up;
      this.invalidate('*');
    });
    this.listening = pubsub.listening?.() ?? true;
  }

  async close(): Promise<void> {
    this.listening = false;
    this.invalidate('*');
    for (const unsubscribe of this.unsubscribes.splice(0)) await unsubscribe();
  }

  /** The account of a user (cached), or undefined when there is none. */
  load(userId: string): Promise<CachedAccount | undefined> {
    if (!this.listening) return this.read(userId);
    const hit = this.entries.get(userId);
    if (hit && this.now() - hit.at < this.ttlMs) return Promise.resolve(hit.account);
    const inFlight = this.pending.get(userId);
    if (inFlight && inFlight.epoch === this.epoch) return inFlight.promise;
    const epoch = this.epoch;
    const at = this.now();
    const promise = this.read(userId).then(
      (account) => {
        if (this.pending.get(userId)?.promise === promise) this.pending.delete(userId);
        if (epoch === this.epoch && this.listening) this.store(userId, { account, at });
        return account;
      },
      (error: unknown) => {
        if (this.pending.get(userId)?.promise === promise) this.pending.delete(userId);
        throw error;
      },
    );
    this.pending.set(userId, { epoch, promise });
    return promise;
  }

  /** Drops `u:{userId}`, every account of `c:{companyId}`, or everything (`*`). */
  invalidate(key: string): void {
    this.epoch++;
    this.pending.clear();
    if (key.startsWith('u:')) {
      this.entries.delete(key.slice(2));
    } else if (key.startsWith('c:')) {
      const companyId = key.slice(2);
      for (const [userId, entry] of this.entries) {
        if (!entry.account || entry.account.company.id === companyId) this.entries.delete(userId);
      }
    } else {
      this.entries.clear();
    }
    this.onInvalidate?.(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private onMessage(payload: string): void {
    this.invalidate(payload.startsWith('u:') || payload.startsWith('c:') ? payload : '*');
  }

  /** The account read from the database now (writes use it), not stored. */
  async read(userId: string): Promise<CachedAccount | undefined> {
    const rows = await this.query.execute({ userId });
    return rows[0] as CachedAccount | undefined;
  }

  private store(userId: string, entry: Entry): void {
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    // Oldest first: a Map iterates in insertion order.
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
