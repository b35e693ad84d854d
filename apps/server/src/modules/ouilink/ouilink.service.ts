import {
  OUILINK_PARTNER_CODE,
  type OuilinkEstablishment,
  type OuilinkResponse,
  type OuilinkUserInfo,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../platform/request-context';
import type { ServerKey } from '../../platform/server-key';
import * as repo from './ouilink.repository';
import { signOuilinkToken } from './ouilink.token';

export interface OuilinkDeps {
  db: Db;
  serverKey: ServerKey;
  /** The token's issuer: the portal's public address. */
  issuer: string;
  partnerUrl: string;
  onboardingUrl: string;
  /** The partner's health check (its health address, or the local stand-in's route). */
  isPartnerUp(): Promise<boolean>;
}

/**
 * The partner link (spec 1 §2.6, §4): maintenance while the partner is down or marked unavailable;
 * else a token for its direct page when the account's integration is validated (the partner has
 * reported its customer id), else what its onboarding page prefills.
 */
export async function openPartnerLink(
  deps: OuilinkDeps,
  ctx: Pick<RequestContext, 'accountId' | 'userId' | 'selectedCompanyIds'>,
): Promise<OuilinkResponse> {
  const partner = await repo.findPartner(deps.db, OUILINK_PARTNER_CODE);
  if (partner?.isAvailable === false || !(await deps.isPartnerUp())) return { maintenance: true };

  const userInfo = await readUserInfo(deps.db, ctx);
  const customerId = await repo.findValidatedCustomerId(deps.db, ctx.accountId, OUILINK_PARTNER_CODE);
  if (customerId === null) return { noToken: true, userInfo, onboardingUrl: deps.onboardingUrl };
  const ouiLinkAccessToken = signOuilinkToken(deps.serverKey, deps.issuer, {
    customerId,
    companyName: userInfo.companyName,
  });
  return { ouiLinkAccessToken, partnerUrl: deps.partnerUrl };
}

/**
 * Every selected establishment (by name; the first also fills the form's single establishment fields)
 * and the account's holder (the caller, when a holder).
 */
async function readUserInfo(
  db: Db,
  ctx: Pick<RequestContext, 'accountId' | 'userId' | 'selectedCompanyIds'>,
): Promise<OuilinkUserInfo> {
  const establishments = (await repo.findEstablishments(db, ctx.selectedCompanyIds)).map(establishmentOf);
  const holder = await repo.findAccountHolder(db, ctx.accountId, ctx.userId);
  const first = establishments[0];
  return {
    companyName: first?.companyName ?? holder?.accountName ?? '',
    siret: first?.siret ?? null,
    firstname: holder?.firstname ?? '',
    lastname: holder?.lastname ?? '',
    email: holder?.email ?? '',
    address: first?.address ?? null,
    establishments,
  };
}

function establishmentOf(row: repo.EstablishmentRow): OuilinkEstablishment {
  const hasAddress = Boolean(row.address_street || row.address_zipcode || row.address_city);
  return {
    companyName: row.company_name,
    siret: row.siret,
    address: hasAddress
      ? {
          street: row.address_street,
          zipcode: row.address_zipcode,
          city: row.address_city,
          countryCode: row.country_code,
        }
      : null,
  };
}
