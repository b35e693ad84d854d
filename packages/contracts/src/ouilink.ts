import { z } from 'zod';

/** The partner's code in `partners.code`: the purchasing partner opened by the `ouilink` page. */
export const OUILINK_PARTNER_CODE = 'ouilink';
/** The partner's one logo (its `partners.logo`), wherever the portal shows OuiLink. */
export const OUILINK_LOGO = '/partners/ouilink.svg';
/** The `aud` claim of the partner-link token: only the partner accepts it. */
export const OUILINK_TOKEN_AUDIENCE = 'ouilink';

/** Null when the establishment has no address on file. */
const ouilinkAddress = z
  .object({
    street: z.string().nullable(),
    zipcode: z.string().nullable(),
    city: z.string().nullable(),
    countryCode: z.string(),
  })
  .nullable();

/** One establishment that opens an account at the partner. */
export const ouilinkEstablishment = z.object({
  companyName: z.string(),
  siret: z.string().nullable(),
  address: ouilinkAddress,
});
export type OuilinkEstablishment = z.infer<typeof ouilinkEstablishment>;

/**
 * What the partner's onboarding page prefills (spec 1 §3, Partner-link response `userInfo`): the
 * holder, and every selected establishment (issue 31 item 22); `companyName`, `siret` and `address`
 * are the first of them, for a form that takes one.
 */
export const ouilinkUserInfo = z.object({
  companyName: z.string(),
  siret: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  address: ouilinkAddress,
  establishments: z.array(ouilinkEstablishment),
});
export type OuilinkUserInfo = z.infer<typeof ouilinkUserInfo>;

/**
 * The answer of `POST /api/ouilink` (spec 1 §3, §7): a token for the partner's direct page when the
 * account's OuiLink integration is validated; else `noToken` and what the onboarding page prefills;
 * `maintenance` while the partner is down. The frame's addresses come with the answer (configuration).
 */
export const ouilinkResponse = z.union([
  z.object({ ouiLinkAccessToken: z.string(), partnerUrl: z.string() }),
  z.object({ noToken: z.literal(true), userInfo: ouilinkUserInfo, onboardingUrl: z.string() }),
  z.object({ maintenance: z.literal(true) }),
]);
export type OuilinkResponse = z.infer<typeof ouilinkResponse>;

/** The partner's health answer (the local stand-in's; a real partner only needs to answer 2xx). */
export const ouilinkHealthResponse = z.object({ status: z.literal('ok') });

/** The stand-in pages' query: `k` on the direct page, `c` on the onboarding page. */
export const ouilinkStandinQuery = z.object({
  k: z.string().max(4096).optional(),
  c: z.string().max(8192).optional(),
});

/** The `c` parameter: base64 of the UTF-8 JSON of `userInfo` (spec 1 §2.6). */
export function encodeOuilinkUserInfo(userInfo: OuilinkUserInfo): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(userInfo))) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** `c` read back; null when it is not a base64 `userInfo`. */
export function decodeOuilinkUserInfo(encoded: string): OuilinkUserInfo | null {
  try {
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    const parsed = ouilinkUserInfo.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
