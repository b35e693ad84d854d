import { sql, type SqlBool } from 'kysely';

/** Whose fiscal data a query reads: one account, and the establishments the caller may read in it. */
export interface FiscalScope {
  accountId: string;
  companyIds: string[];
}

/** Instants bounding Paris business days: `from` inclusive, `to` exclusive. */
export interface InstantRange {
  from: Date;
  to: Date;
}

/** `alias.account_id = scope.accountId and alias.company_id = any(scope.companyIds)`. */
export function inScope(alias: string, scope: FiscalScope) {
  return sql<SqlBool>`${sql.ref(`${alias}.account_id`)} = ${scope.accountId}
    and ${sql.ref(`${alias}.company_id`)} = any(${scope.companyIds}::uuid[])`;
}
