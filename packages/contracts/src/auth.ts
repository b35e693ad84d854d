import { z } from 'zod';

export const userGroupName = z.enum(['comptoir-suite', 'espace_client', 'export_product_lines']);
export type UserGroupName = z.infer<typeof userGroupName>;

export const scope = z.string().min(1).max(40);

export const loginRequest = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(200),
  scope: scope.default('bo-client'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const accessTokenQuery = z.object({ refreshToken: z.string().min(1) });
export const accessTokenResponse = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const subUserServicesResponse = z.object({ services: z.array(z.string()) });

export const locale = z.enum(['fr-FR', 'en-GB', 'es-ES', 'ca-ES']);
export type Locale = z.infer<typeof locale>;
export const userLocaleResponse = z.object({ local: locale });
export const userLocaleUpdate = z.object({ local: z.enum(['fr-FR', 'es-ES', 'ca-ES']) });

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
  hasMigratedEmail: z.boolean(),
  sessionId: z.string(),
  connected_as: z.string().nullable(),
  locale: locale,
  companies: z.array(companySummary),
});
export type UserMe = z.infer<typeof userMe>;
