import type { Migration } from 'kysely';
import * as identity from './001-identity';
import * as pos from './002-pos';
import * as backoffice from './003-backoffice';

/** Applied in key order; a key never changes once released. */
export const migrations: Record<string, Migration> = {
  '001-identity': identity,
  '002-pos': pos,
  '003-backoffice': backoffice,
};
