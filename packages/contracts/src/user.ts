import { z } from 'zod';

/** The signed-in user's area (`/api/user/*`, `modules/user`, `features/user`): who, language, versions. */

export const locale = z.enum(['fr-FR', 'en-GB', 'es-ES', 'ca-ES']);
export type Locale = z.infer<typeof locale>;
export const userLocaleResponse = z.object({ local: locale });
export const userLocaleUpdate = z.object({ local: z.enum(['fr-FR', 'es-ES', 'ca-ES']) });
export type UserLocaleUpdate = z.infer<typeof userLocaleUpdate>;

export const informationsResponse = z.object({
  reportingClientVersion: z.string(),
  reportingServerVersion: z.string(),
  fiscalModuleClientVersion: z.string(),
  fiscalModuleServerVersion: z.string(),
  uiVersion: z.string(),
  appVersion: z.string(),
});
export type Informations = z.infer<typeof informationsResponse>;

export const companySummary = z.object({
  id: z.uuid(),
  company_name: z.string(),
  siret: z.string().nullable(),
  city: z.string().nullable(),
});
export type CompanySummary = z.infer<typeof companySummary>;

/** `GET /api/user/me`, the spec's user entity. */
export const userMe = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  type: z.enum(['holder', 'sub_user', 'staff']),
  groups: z.array(z.object({ name: z.string() })),
  /**
   * The edition of the account called (issue 31, item 2): suite when one of its users is in the
   * suite group. A sub-user, a view-as session or a customer-space user sees the account's.
   */
  edition: z.enum(['suite', 'standard']),
  hasMigratedEmail: z.boolean(),
  sessionId: z.string(),
  connected_as: z.string().nullable(),
  locale: locale,
  companies: z.array(companySummary),
});
export type UserMe = z.infer<typeof userMe>;
