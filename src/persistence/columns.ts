/**
 * A table's columns as its entity's decorators declare them: the one description of the table
 * that the hand-written bulk SQL (inserts and the move batch, kept raw for speed) is built from,
 * so a column added to an entity is written by them without another list to keep in step.
 */
import { getMetadataArgsStorage } from 'typeorm';

export interface ColumnSpec<T> {
  /** The entity property. */
  readonly key: keyof T & string;
  /** The SQL column name. */
  readonly name: string;
  /** The SQL type, as the entity declares it (every column names its type). */
  readonly type: string;
  /** Filled by the database (a generated key): never written. */
  readonly generated: boolean;
}

export function columnsOf<T>(entity: abstract new () => T): ColumnSpec<T>[] {
  const storage = getMetadataArgsStorage();
  const generated = new Set(
    storage.generations.filter((g) => g.target === entity).map((g) => g.propertyName),
  );
  return storage.columns
    .filter((c) => c.target === entity)
    .map((c) => {
      if (typeof c.options.type !== 'string')
        throw new Error(`column ${c.propertyName} declares no SQL type: give it { type: '...' }`);
      // Raw SQL reads and writes the stored value as it is: a transformer would be skipped.
      if (c.options.transformer)
        throw new Error(`column ${c.propertyName} has a transformer: raw SQL would skip it`);
      return {
        key: c.propertyName as keyof T & string,
        name: c.options.name ?? c.propertyName,
        type: c.options.type,
        generated: generated.has(c.propertyName),
      };
    });
}

/** One input of an `unnest(...)`: a named, typed array of a value per row. */
export interface Input<R> {
  readonly name: string;
  readonly type: string;
  readonly get: (row: R) => unknown;
}

/** The inputs that carry a whole entity row (`of` picks it out of a batch row). */
export function entityInputs<R, T>(
  columns: readonly ColumnSpec<T>[],
  of: (row: R) => T,
  prefix = '',
): Input<R>[] {
  return columns.map((c) => ({
    name: prefix + c.name,
    type: c.type,
    get: (row: R) => of(row)[c.key],
  }));
}

/** `unnest($n::t[], ...) AS alias(names)`, its parameters numbered from `first`. */
export function unnestSql<R>(inputs: readonly Input<R>[], alias: string, first = 1): string {
  const arrays = inputs.map((c, i) => `$${first + i}::${c.type}[]`).join(', ');
  return `unnest(${arrays}) AS ${alias}(${inputs.map((c) => c.name).join(', ')})`;
}

/** The parameters of unnestSql(): per input, its value in every row, as the driver takes it. */
export function unnestValues<R>(inputs: readonly Input<R>[], rows: readonly R[]): unknown[][] {
  return inputs.map((c) => rows.map((r) => sqlValue(c.type, c.get(r))));
}

/** Arrays of jsonb go as their JSON texts; times as ISO strings (the same on pg and PGlite). */
function sqlValue(type: string, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (type === 'jsonb') return JSON.stringify(v);
  return v;
}

/**
 * A select list that reads rows in the entity's shape (`white_id AS "whiteId"`, ...): raw reads
 * give what the repository would, without its builder.
 */
export function selectSql<T>(columns: readonly ColumnSpec<T>[], alias?: string): string {
  const of = alias ? `${alias}.` : '';
  return columns.map((c) => `${of}${c.name} AS "${c.key}"`).join(', ');
}

/**
 * SQL from another table's owner that runs inside a statement (a CTE, a subquery), so two
 * owners' writes cost one round trip: its parameters are numbered from `first`.
 */
export interface SqlPart {
  sql(first: number): string;
  readonly params: readonly unknown[];
}
