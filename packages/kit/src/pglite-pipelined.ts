import {
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * PGlite's own `query` runs an extended-protocol query as six separate trips into WebAssembly
 * (parse, describe the statement to learn the parameter types, bind, describe the portal, execute,
 * sync), each with its own result collector and bookkeeping. That fixed cost was most of a login's
 * database time in the embedded product (ADR 26). This sends the same messages in one buffer, as a
 * network client pipelines them to a PostgreSQL server: parameters go as text with their types left
 * for the server to infer from the statement (OID 0), which is what node-postgres does in the
 * distributed mode, so every query meets the same typing rules on both drivers.
 *
 * The locking is PGlite's own: a query outside a transaction waits for any open transaction and
 * then for the query lock; a query inside one takes the query lock only.
 */
export function pipelinedClient(pg: PGlite): PGlite {
  const inQueryLock = <T>(run: () => Promise<T>) => pg._runExclusiveQuery(run);
  const query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const run = () =>
      pg._runExclusiveTransaction(() =>
        inQueryLock(() => pipelinedQuery<T>(pg, text, params ?? [], options)),
      );
    // Outside a transaction a statement whose remembered plan no longer fits the schema is simply
    // parsed again (inside one, the error aborts the transaction, as a server would).
    const result = await run().catch((error: { code?: string }) => {
      if (error?.code === planChanged) return run();
      throw error;
    });
    // As PGlite does after a statement outside a transaction (a no-op on the Node file system).
    await pg.syncToFs();
    return result;
  };
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    pg.transaction((tx) => {
      const pipelinedTx = Object.create(tx, {
        query: {
          value: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return inQueryLock(() => pipelinedQuery<R>(pg, text, params ?? [], options));
          },
        },
      }) as Transaction;
      return callback(pipelinedTx);
    });
  return new Proxy(pg, {
    get(target, property, receiver) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const { serialize } = protocol;
/** "cached plan must not change result type": the schema changed under a named statement. */
const planChanged = '0A000';

/**
 * Named server-side statements per PGlite instance, by SQL text: a statement seen before is bound
 * and executed without being parsed and planned again (planning was most of a short statement's
 * time), as node-postgres does with named statements. Bounded, because texts built with a
 * varying number of parameters are each a statement; past the bound, statements go unnamed.
 */
const statementsOf = new WeakMap<PGlite, { names: Map<string, string>; next: number }>();
export const maxNamedStatements = 500;

async function pipelinedQuery<T>(
  pg: PGlite,
  text: string,
  params: unknown[],
  options?: QueryOptions,
): Promise<Results<T>> {
  let statements = statementsOf.get(pg);
  if (!statements) {
    statements = { names: new Map(), next: 0 };
    statementsOf.set(pg, statements);
  }
  let name = statements.names.get(text);
  const known = name !== undefined;
  if (!known && statements.names.size < maxNamedStatements) name = `innerview_${++statements.next}`;
  const parts = [
    ...(known ? [] : [serialize.parse({ text, name })]),
    serialize.bind({ statement: name, values: params.map(asText) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ];
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  let messages: unknown[];
  try {
    // Throws the server's error (code, detail, …) after the sync, as PGlite's own query does.
    messages = await pg.execProtocolStream(message, { syncToFs: false });
  } catch (error) {
    // A statement whose plan no longer fits (the schema changed) or that is gone: forget them all.
    const code = (error as { code?: string }).code;
    if (code === planChanged || code === '26000') statements.names.clear();
    // A new name whose parse may have failed is not remembered (its next use parses again under
    // another name, so a half-made statement is never bound).
    throw error;
  }
  if (!known && name) statements.names.set(text, name);
  return resultOf<T>(messages as BackendMessage[], pg.parsers, options);
}

type Parser = (value: string, typeId: number) => unknown;
type BackendMessage =
  | { name: 'rowDescription'; fields: Array<{ name: string; dataTypeID: number }> }
  | { name: 'dataRow'; fields: Array<string | null> }
  | { name: 'commandComplete'; text: string }
  | { name: string };

/**
 * The rows of one statement, as PGlite's `parseResults` gives them. Its version merges the
 * per-query parsers (drizzle passes a few for dates) into the instance's map of every type in the
 * catalogue on every call, which cost more than the query itself; here each column's parser is
 * looked up once per result.
 */
function resultOf<T>(
  messages: BackendMessage[],
  defaults: Record<number, Parser>,
  options?: QueryOptions,
): Results<T> {
  const own = options?.parsers as Record<number, Parser> | undefined;
  let fields: Array<{ name: string; dataTypeID: number }> = [];
  let parsers: Array<Parser | undefined> = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message.name === 'rowDescription' && 'fields' in message) {
      fields = (message.fields as Array<{ name: string; dataTypeID: number }>).map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
      parsers = fields.map((f) => own?.[f.dataTypeID] ?? defaults[f.dataTypeID]);
    } else if (message.name === 'dataRow' && 'fields' in message) {
      const values = (message.fields as Array<string | null>).map((value, i) => {
        if (value === null) return null;
        const parser = parsers[i];
        return parser ? parser(value, fields[i]!.dataTypeID) : value;
      });
      rows.push(
        options?.rowMode === 'array'
          ? values
          : Object.fromEntries(values.map((value, i) => [fields[i]!.name, value])),
      );
    } else if (message.name === 'commandComplete' && 'text' in message) {
      const words = (message.text as string).split(' ');
      const count = Number.parseInt(words.at(-1) ?? '', 10);
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]!)) affectedRows += count;
      return {
        rows: rows as T[],
        fields,
        affectedRows,
        ...(Number.isNaN(count) ? {} : { rowCount: count }),
      } as Results<T>;
    }
  }
  return { rows: rows as T[], fields, affectedRows };
}

/** A parameter's text form, as node-postgres writes it (its `prepareValue`). */
export function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value);
  return JSON.stringify(value);
}

function arrayLiteral(values: unknown[]): string {
  const items = values.map((item) => {
    if (item === null || item === undefined) return 'NULL';
    if (Array.isArray(item)) return arrayLiteral(item);
    const text = asText(item) as string;
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}
