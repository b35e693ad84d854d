// Column types shared by the back-office areas' tables (identity and POS keep their own).
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date` columns: written as 'YYYY-MM-DD', read back as a string (type parser set in database.ts). */
export type Day = ColumnType<string, string, string>;
/** `numeric` comes back as a string: exact decimals. */
export type Numeric = ColumnType<string, string | number, string | number>;
/** jsonb: written as JSON text (node-postgres would turn a JS array into a Postgres array), read parsed. */
export type Json<T = unknown> = ColumnType<T, string, string>;
/** A jsonb column with a database default. */
export type JsonWithDefault<T = unknown> = ColumnType<T, string | undefined, string>;
/** A column with a database default, optional on insert. */
export type WithDefault<T> = ColumnType<T, T | undefined, T>;
