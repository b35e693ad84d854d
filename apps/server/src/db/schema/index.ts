import type { IdentityTables } from './identity';
import type { PosTables } from './pos';
import type { BackofficeTables } from './backoffice';
import type { AccountMigrationTables } from './account-migration';

/** Every table, as Kysely sees it. One file per migration area. */
export interface Database extends IdentityTables, PosTables, BackofficeTables, AccountMigrationTables {}
