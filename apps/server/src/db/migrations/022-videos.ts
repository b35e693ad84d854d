import type { Kysely } from 'kysely';

/** Placeholder: filled by the issue-19 work. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
