/**
 * A cheaper `query` for the embedded database (issue 18). PGlite's own `query` sends a statement as
 * six protocol calls into the WASM backend (parse, describe statement, bind, describe portal, execute,
 * sync), each with its own bookkeeping, and merges its whole parser table with the caller's on every
 * call (Drizzle passes parsers with each query): ~0.65 ms of CPU for a one-row primary-key read of
 * which PostgreSQL's own work is a fraction. Here the statement goes as one message (parse, bind,
 * describe portal, execute, sync: what a PostgreSQL driver sends over a socket), ~0.25 ms.
 *
 * The parameters are turned into text exactly as PGlite does, by the serializer of each parameter's
 * type; those types come from a describe of the statement the first time its text is seen (one extra
 * call) and are remembered by text, since a statement's parameter types depend on its text alone. The
 * answer is built as PGlite's `parseResults` builds it. The same locks are taken: outside a
 * transaction the transaction lock and the query lock (so no statement runs inside another caller's
 * transaction), inside one the query lock only, and a statement outside a transaction is followed by
 * PGlite's file-system sync.
 *
 * A query prepared by the caller (Drizzle's `.prepare()`, which passes the same options object at each
 * run) is kept parsed as a named statement from its second run, as node-postgres does on PostgreSQL:
 * PostgreSQL then plans it once when its generic plan is as good as the custom ones. Planning was most
 * of a project read (0.53 ms of planning for 0.08 ms of execution; 484-681 -> 147-172 µs of CPU for
 * the statement). Other queries are parsed and planned each time, as before. A named statement made
 * stale by a change of its tables is parsed again at its next run.
 *
 * Errors are PGlite's (the DatabaseError with `query`, `params` and `queryOptions`). Queries with
 * options this path does not handle (a blob, explicit parameter types or serializers) go to PGlite's
 * own `query`.
 */
import {
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Parser = (value: string, typeId?: number) => unknown;
type Field = { name: string; dataTypeID: number };

const { serialize, messages } = protocol;

/** Statements remembered by text; all are forgotten when there would be more. */
const MAX_STATEMENTS = 2_000;

interface Statement {
  /** The parameter types PostgreSQL inferred. */
  types: number[];
  /** The name it is kept parsed under (prepared queries run more than once). */
  name?: string;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** PGlite's `parseResults` for the messages of one statement, without copying the parser table. */
function toResults<T>(
  found: BackendMessage[],
  defaults: Record<number | string, Parser>,
  options: QueryOptions | undefined,
): Results<T> {
  const own = options?.parsers as Record<number | string, Parser> | undefined;
  const asArray = options?.rowMode === 'array';
  let fields: Field[] = [];
  let parsers: (Parser | undefined)[] = [];
  let rows: unknown[] = [];
  let affectedRows = 0;
  let result: Results<T> | undefined;
  for (const message of found) {
    if (message.name === 'rowDescription') {
      fields = (message as InstanceType<typeof messages.RowDescriptionMessage>).fields.map((field) => ({
        name: field.name,
        dataTypeID: field.dataTypeID,
      }));
      parsers = fields.map((field) => own?.[field.dataTypeID] ?? defaults[field.dataTypeID]);
    } else if (message.name === 'dataRow') {
      const values = (message as InstanceType<typeof messages.DataRowMessage>).fields;
      if (asArray) {
        const row = new Array<unknown>(values.length);
        for (let i = 0; i < values.length; i++) {
          const value = values[i];
          const parse = parsers[i];
          row[i] =
            value === null || value === undefined
              ? null
              : parse
                ? parse(value, fields[i]!.dataTypeID)
                : value;
        }
        rows.push(row);
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < values.length; i++) {
          const value = values[i];
          const parse = parsers[i];
          row[fields[i]!.name] =
            value === null || value === undefined
              ? null
              : parse
                ? parse(value, fields[i]!.dataTypeID)
                : value;
        }
        rows.push(row);
      }
    } else if (message.name === 'commandComplete') {
      // "SELECT 2", "UPDATE 3", "INSERT 0 5" end in a row count; "CREATE TABLE" does not.
      const parts = (message as InstanceType<typeof messages.CommandCompleteMessage>).text.split(' ');
      const command = parts[0];
      const rowCount = parseInt(parts[parts.length - 1]!, 10);
      if (
        command === 'INSERT' ||
        command === 'UPDATE' ||
        command === 'DELETE' ||
        command === 'COPY' ||
        command === 'MERGE'
      )
        affectedRows += rowCount;
      // Only the first statement's answer is returned, as PGlite's query does.
      result ??= {
        rows: rows as T[],
        fields,
        command,
        affectedRows,
        ...(Number.isNaN(rowCount) ? {} : { rowCount }),
      } as Results<T>;
      fields = [];
      rows = [];
    }
  }
  return result ?? ({ affectedRows: 0, rows: [], fields: [] } as Results<T>);
}

/** Whether PGlite's own query must answer (options this path does not reproduce). */
const ownPath = (options: QueryOptions | undefined): boolean =>
  !!options &&
  (options.blob !== undefined || options.paramTypes !== undefined || options.serializers !== undefined);

export interface FastQuery {
  /** Runs one statement (PGlite `query` semantics) outside or inside (`tx`) a PGlite transaction. */
  query<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: Transaction,
  ): Promise<Results<T>>;
}

export function fastQuery(client: PGlite): FastQuery {
  const statements = new Map<string, Statement>();
  /** The options objects seen: Drizzle passes the same one at each run of a prepared query. */
  const seen = new WeakSet<object>();
  let named = 0;
  const serializers = client.serializers as Record<number | string, (value: unknown) => string>;
  const parsers = client.parsers as Record<number | string, Parser>;
  const exec = (message: Uint8Array, options: QueryOptions | undefined) =>
    client.execProtocolStream(message, {
      syncToFs: false,
      ...(options?.onNotice ? { onNotice: options.onNotice } : {}),
    });

  /** Forgets every statement (closing the named ones), when there are too many. */
  async function forgetAll(options: QueryOptions | undefined): Promise<void> {
    const names = [...statements.values()].flatMap((statement) => (statement.name ? [statement.name] : []));
    statements.clear();
    if (names.length > 0)
      await exec(
        concat([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]),
        options,
      );
  }

  /** The statement, under the caller's locks. */
  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTx: boolean,
    prepared: boolean,
  ) {
    let synced = false;
    // Without parameters there are no types to learn: parsed with the bind, unless prepared.
    let statement = params.length === 0 && !prepared ? { types: [] } : statements.get(text);
    try {
      let parse: Uint8Array | undefined = serialize.parse({ text });
      if (!statement) {
        // First sight of this text: parse it and ask for its parameter types.
        const described = await exec(concat([parse, serialize.describe({ type: 'S' })]), options);
        const description = described.find((m) => m.name === 'parameterDescription') as
          InstanceType<typeof messages.ParameterDescriptionMessage> | undefined;
        parse = undefined;
        if (statements.size >= MAX_STATEMENTS) await forgetAll(options);
        statement = { types: description?.dataTypeIDs ?? [] };
        statements.set(text, statement);
      } else if (prepared) {
        if (!statement.name) {
          // A prepared query run again: PostgreSQL keeps it parsed, and planned once its generic
          // plan is as good as the custom ones (as a named statement of node-postgres does).
          const name = `sunfield_${++named}`;
          await exec(concat([serialize.parse({ text, name }), serialize.sync()]), options);
          statement.name = name;
        }
        parse = undefined;
      }
      const types = statement.types;
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serializer = serializers[types[i]!];
        return serializer ? serializer(param) : (param as { toString(): string }).toString();
      });
      const tail = [
        serialize.bind({ values, ...(prepared && statement.name ? { statement: statement.name } : {}) }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ];
      synced = true;
      const found = await exec(concat(parse ? [parse, ...tail] : tail), options);
      const result = toResults<T>(found, parsers, options);
      if (!inTx) await client.syncToFs();
      return result;
    } catch (error) {
      if (!synced) await exec(serialize.sync(), options);
      if (error instanceof messages.DatabaseError) {
        // A named statement gone or made stale by a change of its tables: parsed again next time.
        if (statement?.name && (error.code === '0A000' || error.code === '26000')) statements.delete(text);
        Object.assign(error, { query: text, params, queryOptions: options });
      }
      throw error;
    }
  }

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions, tx?: Transaction) {
      if (ownPath(options))
        return tx ? tx.query<T>(text, params, options) : client.query<T>(text, params, options);
      const prepared = options !== undefined && seen.has(options);
      if (options) seen.add(options);
      if (tx) {
        if (tx.closed) throw new Error('Transaction is closed');
        return client._runExclusiveQuery(() => run<T>(text, params, options, true, prepared));
      }
      await client._checkReady();
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(() => run<T>(text, params, options, false, prepared)),
      );
    },
  };
}

/**
 * The PGlite client Drizzle is given: `query` and the transactions' `query` take the path above;
 * everything else is the client's own.
 */
export function withFastQuery(client: PGlite): PGlite {
  const fast = fastQuery(client);
  const wrapTx = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop === 'query')
          return <T>(text: string, params?: unknown[], options?: QueryOptions) =>
            fast.query<T>(text, params, options, target);
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query')
        return <T>(text: string, params?: unknown[], options?: QueryOptions) =>
          fast.query<T>(text, params, options);
      if (prop === 'transaction')
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => callback(wrapTx(tx)));
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
