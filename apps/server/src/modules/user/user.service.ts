import {
  contentLanguage,
  locale as localeSchema,
  type ContentLanguage,
  type Locale,
  type UserMe,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import { authError } from '../../platform/auth-errors';
import * as repo from './user.repository';

const DEFAULT_LOCALE: Locale = 'fr-FR';

/** A stored locale the contract does not know reads as French, the product's default. */
function toLocale(value: string | undefined): Locale {
  const parsed = localeSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LOCALE;
}

function companySummary(row: repo.CompanySummaryRow): UserMe['companies'][number] {
  return { id: row.id, company_name: row.company_name, siret: row.siret, city: row.address_city };
}

function userRowToUserMe(
  row: repo.UserProfileRow,
  ctx: RequestContext,
  companies: repo.CompanySummaryRow[],
  connectedAs: string | null,
): UserMe {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    type: row.role,
    groups: row.groups.map((name) => ({ name })),
    edition: ctx.edition,
    hasMigratedEmail: row.has_migrated_email,
    sessionId: ctx.sessionId,
    connected_as: connectedAs,
    locale: toLocale(row.locale),
    companies: companies.map(companySummary),
  };
}

/**
 * The caller as the portal shows it, with the companies it may read, by name. In a view-as session
 * these are the viewed account's, and `connected_as` names it for the "connected as" label.
 */
export async function getMe(db: Db, ctx: RequestContext): Promise<UserMe> {
  const row = await repo.findUserProfile(db, ctx.userId);
  if (!row) throw authError('SESSION_REVOKED');
  const companies = await repo.listCompanySummaries(db, ctx.companyIds);
  if (ctx.kind !== 'view_as') return userRowToUserMe(row, ctx, companies, null);
  // The portal greets and names the viewed account's holder; role and groups stay the staff member's.
  const holder = await repo.findAccountHolder(db, ctx.accountId);
  if (!holder) {
    // No holder: the banner names the account itself.
    return userRowToUserMe(row, ctx, companies, (await repo.findAccountName(db, ctx.accountId)) ?? null);
  }
  const label = `${holder.firstname} ${holder.lastname} (${holder.email})`;
  const me = userRowToUserMe(row, ctx, companies, label);
  return { ...me, firstname: holder.firstname, lastname: holder.lastname, email: holder.email };
}

export async function getLocale(db: Db, ctx: RequestContext): Promise<Locale> {
  return toLocale(await repo.findLocale(db, ctx.userId));
}

/**
 * The language the user reads the portal in (its saved locale's, as the portal resolves it): what
 * server-made texts for that user are written in when the client names none. French by default.
 */
export async function userLanguage(db: Db, userId: string): Promise<ContentLanguage> {
  const parsed = contentLanguage.safeParse(toLocale(await repo.findLocale(db, userId)).split('-')[0]);
  return parsed.success ? parsed.data : 'fr';
}

export async function setLocale(db: Db, ctx: RequestContext, locale: Locale): Promise<Locale> {
  await repo.updateLocale(db, ctx.userId, locale);
  return locale;
}
