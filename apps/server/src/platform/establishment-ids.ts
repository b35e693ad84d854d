import { z } from 'zod';
import { badRequest } from './errors';

const ESTABLISHMENT_LIST_MAX = 5_000;

/**
 * The establishments a query names (`idCompanies`): a JSON list of ids, or one bare id where the
 * route takes one. Something that is no list of strings answers null, for the slice to refuse with
 * its own code; a string that is no establishment id answers 400 VALIDATION_ERROR, the same in every
 * slice and before any access check (a malformed id is bad input, not a forbidden or missing
 * establishment: issue 30, defect 16).
 */
export function readEstablishmentIds(
  value: string | string[],
  options: { bareId?: boolean } = {},
): string[] | null {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    if (options.bareId && !value.trimStart().startsWith('[')) parsed = [value.trim()];
    else {
      try {
        parsed = JSON.parse(value);
      } catch {
        return null;
      }
    }
  }
  const list = z.array(z.string()).max(ESTABLISHMENT_LIST_MAX).safeParse(parsed);
  if (!list.success) return null;
  if (list.data.some((id) => !z.uuid().safeParse(id).success)) {
    throw badRequest('VALIDATION_ERROR', 'Identifiant d’établissement invalide.');
  }
  return list.data.map((id) => id.toLowerCase());
}
