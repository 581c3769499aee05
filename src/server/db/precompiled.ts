import { CompiledQuery, type Compilable } from 'kysely';

import type { Db } from './schema';
import type { SqliteConnection } from './statement-cache';

/** The SQLite connection behind a Kysely instance, for reads that need not queue (registered by connect.ts). */
const directConnections = new WeakMap<object, SqliteConnection>();

export function allowDirectReads(db: object, connection: SqliteConnection): void {
  directConnections.set(db, connection);
}

interface Compiled {
  sql: string;
  /** Per parameter of the SQL: the argument it takes (a number), or the constant the builder put there. */
  slots: ReadonlyArray<{ arg: number } | { value: unknown }>;
}

const MARKER = '\u0000precompiled-argument-';

/**
 * A read whose SQL is built and compiled once (per dialect) instead of on every call: Kysely's
 * builder and compiler were a sixth of a hot read's time. `build` is called once with markers in
 * place of the arguments, so it must only pass its arguments on as values (`where(col, '=', arg)`),
 * never branch on them or put them in the SQL text. Answers every row.
 *
 * On SQLite, outside a transaction, the statement runs at once on the connection instead of
 * queueing behind Kysely's connection lock (another dozen microseconds and several promise hops):
 * better-sqlite3 is synchronous, so the read runs whole, between two other queries, just as a
 * queued one would. Inside a transaction (ours, or another request's BEGIN…COMMIT in progress on
 * the one connection) it goes through Kysely and so waits its turn: it must not see writes that
 * are not committed.
 */
export function precompiled<Args extends readonly unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const byDialect = new Map<unknown, Compiled>();

  function compiledFor(db: Db): Compiled {
    // The SQL text depends on the dialect only: the adapter's class says which one.
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      compiled = compile(db);
      byDialect.set(dialect, compiled);
    }
    return compiled;
  }

  function compile(db: Db): Compiled {
    const markers = Array.from({ length: build.length - 1 }, (_, i) => `${MARKER}${i}`);
    const query = build(db, ...(markers as unknown as Args)).compile();
    const slots = query.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(MARKER) ? { arg: Number(value.slice(MARKER.length)) } : { value },
    );
    const used = new Set(slots.flatMap((slot) => ('arg' in slot ? [slot.arg] : [])));
    if (used.size !== markers.length || query.sql.includes(MARKER)) {
      throw new Error(`precompiled: every argument must be a query parameter (${query.sql})`);
    }
    return { sql: query.sql, slots };
  }

  return async (db, ...args) => {
    const { sql, slots } = compiledFor(db);
    const parameters = slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    const direct = directConnections.get(db);
    if (direct && !direct.inTransaction) return direct.prepare(sql).all(parameters) as Row[];
    return (await db.executeQuery(CompiledQuery.raw(sql, parameters))).rows as Row[];
  };
}
