/**
 * pg-boss's database interface (`IDatabase.executeSql`) over our `postgres` client, so that jobs are
 * written by the same connection as everything else: in the caller's transaction when given one
 * (the transactional outbox: an entry and its dispatch jobs commit together), and on the embedded
 * database's one connection (a second connection would interleave with open transactions).
 *
 * Our client turns column names into camelCase and bigint into BigInt; pg-boss reads snake_case
 * columns, its own camelCase aliases, and the `pg` driver's types. Rows are rebuilt from the raw
 * values with both spellings of each column, and bigints as strings, as `pg` returns them; undefined
 * parameters are sent as null, as `pg` does.
 */
import type { Db as IDatabase } from 'pg-boss';
import postgres from 'postgres';
import type { Sql, TransactionSql } from '../db/connect.ts';

type Values = postgres.ParameterOrJSON<never>[];

/** What `pg` would send or return: undefined as null, bigint as a string. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  return typeof value === 'bigint' ? value.toString() : value;
}

export function bossDatabase(sql: Sql | TransactionSql): IDatabase {
  return {
    async executeSql(text, values) {
      // pg-boss wraps some of its work in BEGIN … COMMIT in one text; on a pool, postgres.js runs such
      // a text only on a connection reserved for it.
      const pooled = 'reserve' in sql && /^\s*begin\b/i.test(text);
      const reserved = pooled ? await (sql as Sql).reserve() : undefined;
      const client = reserved ?? sql;
      let result: unknown[][] & { columns?: { name: string }[] };
      try {
        const query =
          values && values.length > 0
            ? client.unsafe(text, values.map(plain) as Values).values()
            : client.unsafe(text).simple().values();
        result = (await query) as unknown as typeof result;
      } finally {
        reserved?.release();
      }
      // A multi-statement text answers one result per statement: keep the rows of every one.
      const results =
        Array.isArray(result[0]) || result.length === 0 ? [result] : (result as unknown as (typeof result)[]);
      const rows: Record<string, unknown>[] = [];
      for (const part of results) {
        const columns = (part.columns ?? []).map((c) => [c.name, postgres.fromCamel(c.name)] as const);
        for (const values of part as unknown[][]) {
          if (!Array.isArray(values)) continue;
          const row: Record<string, unknown> = {};
          columns.forEach(([camel, snake], i) => {
            row[snake] = plain(values[i]);
            row[camel] = row[snake];
          });
          rows.push(row);
        }
      }
      return { rows };
    },
  };
}
