import { OUILINK_PARTNER_CODE, type OuilinkResponse, type OuilinkUserInfo } from '@comptoir/contracts';
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

/** The selected establishment (the first by name) and the account's holder (the caller, when a holder). */
async function readUserInfo(
  db: Db,
  ctx: Pick<RequestContext, 'accountId' | 'userId' | 'selectedCompanyIds'>,
): Promise<OuilinkUserInfo> {
  const establishment = await repo.findEstablishment(db, ctx.selectedCompanyIds);
  const holder = await repo.findAccountHolder(db, ctx.accountId, ctx.userId);
  const hasAddress = Boolean(
    establishment?.address_street || establishment?.address_zipcode || establishment?.address_city,
  );
  return {
    companyName: establishment?.company_name ?? holder?.accountName ?? '',
    siret: establishment?.siret ?? null,
    firstname: holder?.firstname ?? '',
    lastname: holder?.lastname ?? '',
    email: holder?.email ?? '',
    address:
      establishment && hasAddress
        ? {
            street: establishment.address_street,
            zipcode: establishment.address_zipcode,
            city: establishment.address_city,
            countryCode: establishment.country_code,
          }
        : null,
  };
}
