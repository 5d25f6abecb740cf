// Named prepared statements for embedded PGlite. PGlite's `query` sends every statement as an unnamed one:
// PostgreSQL parses, analyses and plans it again on each call, in six separate trips through the
// WebAssembly module. Measured on a veto turn's one statement, that is ~1.3 ms of CPU against ~0.4 ms when
// the statement is prepared once under a name and then only bound and executed in one trip
// (docs/benchmarks.md, veto writes). node-postgres gives PostgreSQL the same thing for drizzle's
// `.prepare(name)`; PGlite has no such option, so this wrapper does it for every statement drizzle sends,
// with PGlite's own protocol serializer (exported for this kind of use) and a reader of the answer
// (`results` below) that does what PGlite's `parseResults` does without its cost.
//
// The rules it keeps:
// - one statement at a time, as PGlite's `query`: under its transaction lock and its query lock outside a
//   transaction (then the data folder is synced, as `query` does), under the query lock inside one;
// - a failed statement throws PGlite's own error (with the query and its parameters attached), after the
//   whole exchange, so the connection is ready for the next statement (or the transaction's rollback);
// - at most `STATEMENT_CACHE_SIZE` statements stay prepared, the least recently used closed first (drizzle
//   builds `in ($1, $2, …)` lists of many lengths; each prepared statement holds memory in the database);
// - a statement that fails at run time is closed and prepared again next time (a table whose columns
//   changed under a prepared statement fails once with "cached plan must not change result type");
// - a query with options this path does not handle (a file to copy, explicit parameter types) goes to
//   PGlite's own `query`.
import { parse, protocol } from '@electric-sql/pglite';
import type { messages, PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** How many statements stay prepared at once (per database handle). */
export const STATEMENT_CACHE_SIZE = 200;

const { serialize } = protocol;

interface Prepared {
  name: string;
  /** The parameters' type OIDs, as PostgreSQL inferred them when the statement was prepared. */
  paramTypes: number[];
}

type QueryFn = <T>(query: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

class StatementCache {
  /** By statement text, in use order (a Map keeps insertion order: the first is the least recent). */
  private readonly statements = new Map<string, Prepared>();
  /** Names to close before the next statement outside a transaction. */
  private readonly toClose: string[] = [];
  private count = 0;

  constructor(
    private readonly client: PGlite,
    private readonly size: number,
  ) {}

  /** Runs one statement; the caller holds the query lock. */
  async run<T>(query: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean) {
    const exec = (message: Uint8Array) =>
      this.client.execProtocolStream(message, { ...options, syncToFs: false });
    if (!inTransaction && this.toClose.length > 0) {
      const closes = this.toClose.splice(0).map((name) => serialize.close({ type: 'S', name }));
      await exec(Buffer.concat([...closes, serialize.sync()])).catch(() => undefined);
    }
    let prepared = this.statements.get(query);
    if (prepared) {
      this.statements.delete(query);
      this.statements.set(query, prepared);
    } else {
      this.count += 1;
      const name = `versus_${String(this.count)}`;
      try {
        // The messages in one buffer: one trip through the database instead of one per message.
        const described = await exec(
          Buffer.concat([
            serialize.parse({ name, text: query }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
        );
        prepared = { name, paramTypes: parse.parseDescribeStatementResults(described) };
      } catch (error) {
        this.toClose.push(name);
        throw withQuery(error, query, params, options);
      }
      this.statements.set(query, prepared);
      if (this.statements.size > this.size) {
        const [oldest] = this.statements;
        if (oldest) {
          this.statements.delete(oldest[0]);
          this.toClose.push(oldest[1].name);
        }
      }
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = prepared.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[oid] ?? this.client.serializers[oid];
      return serializer ? serializer(param) : (param as { toString(): string }).toString();
    });
    let messages;
    try {
      messages = await exec(
        Buffer.concat([
          serialize.bind({ statement: prepared.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
    } catch (error) {
      if (this.statements.get(query) === prepared) {
        this.statements.delete(query);
        this.toClose.push(prepared.name);
      }
      throw withQuery(error, query, params, options);
    }
    if (!inTransaction) await this.client.syncToFs();
    return results<T>(messages, this.client.parsers, options);
  }
}

type Parsers = PGlite['parsers'];

/**
 * The answer of one statement, as PGlite's `parseResults` makes it (rows as objects or, with `rowMode:
 * 'array'`, as arrays; each value through the parser of its type, the query's own before the database's;
 * `affectedRows` from the command tag). Not `parseResults` itself: it copies the whole table of parsers (one
 * entry per type, arrays included) into a new object on every call, which was 12 % of the CPU of a
 * saturated veto benchmark.
 */
function results<T>(answer: messages.BackendMessage[], parsers: Parsers, options?: QueryOptions): Results<T> {
  const own = options?.parsers;
  const asArrays = options?.rowMode === 'array';
  let fields: { name: string; dataTypeID: number }[] = [];
  let handlers: (Parsers[number] | undefined)[] = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  for (const message of answer) {
    if (message.name === 'rowDescription') {
      fields = (message as messages.RowDescriptionMessage).fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
      handlers = fields.map((f) => own?.[f.dataTypeID] ?? parsers[f.dataTypeID]);
    } else if (message.name === 'dataRow') {
      const values = (message as messages.DataRowMessage).fields;
      const row: unknown[] = new Array(values.length);
      for (let i = 0; i < values.length; i += 1) {
        const value = values[i] ?? null;
        const handler = handlers[i];
        row[i] = value === null ? null : handler ? handler(value, fields[i]?.dataTypeID) : value;
      }
      if (asArrays) rows.push(row);
      else rows.push(Object.fromEntries(fields.map((f, i) => [f.name, row[i]])));
    } else if (message.name === 'commandComplete') {
      affectedRows += rowCount((message as messages.CommandCompleteMessage).text);
    }
  }
  return { rows: rows as T[], fields, affectedRows };
}

/** The rows a command tag reports (`INSERT 0 3`, `UPDATE 2`), 0 for a tag that reports none. */
function rowCount(tag: string): number {
  const [command, first, second] = tag.split(' ');
  if (command === 'INSERT') return Number.parseInt(second ?? '0', 10);
  if (command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE') {
    return Number.parseInt(first ?? '0', 10);
  }
  return 0;
}

/** PGlite's own error, with what its `query` attaches to it. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined) {
  if (error && typeof error === 'object') Object.assign(error, { query, params, queryOptions: options });
  return error;
}

const handledByPglite = (options?: QueryOptions) =>
  options?.blob !== undefined || options?.paramTypes !== undefined;

/**
 * `client` with `query` (outside and inside `transaction`) running named prepared statements; everything
 * else is PGlite's own. Give the result to drizzle; keep `client` for the rest (dumps, migrations, close).
 */
export function withPreparedStatements(client: PGlite, size = STATEMENT_CACHE_SIZE): PGlite {
  const cache = new StatementCache(client, size);
  const original = client.query.bind(client) as QueryFn;
  const query: QueryFn = async (text, params = [], options) => {
    if (handledByPglite(options)) return original(text, params, options);
    // Throws once the database is closed (as PGlite's own query does), instead of running on a closed module.
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client.runExclusive(() => cache.run(text, params, options, false)),
    );
  };
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    client.transaction((tx) => {
      const txQuery: QueryFn = async (text, params = [], options) => {
        if (tx.closed) throw new Error('Transaction is closed');
        if (handledByPglite(options)) return tx.query(text, params, options);
        return client.runExclusive(() => cache.run(text, params, options, true));
      };
      return callback(
        new Proxy(tx, {
          get: (target, key) => (key === 'query' ? txQuery : (Reflect.get(target, key) as unknown)),
        }),
      );
    });
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
