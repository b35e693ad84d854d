import { encodeOuilinkUserInfo, type OuilinkResponse } from '@comptoir/contracts';

/**
 * The partner page the frame opens (spec 1 §2.6): the direct page with the token in `k`, or the
 * onboarding page with the base64 `userInfo` in `c`; null in maintenance. A relative address (the
 * local stand-in) stays relative to the portal.
 */
export function partnerFrameUrl(answer: OuilinkResponse, origin: string): string | null {
  if ('ouiLinkAccessToken' in answer)
    return withParam(answer.partnerUrl, 'k', answer.ouiLinkAccessToken, origin);
  if ('noToken' in answer)
    return withParam(answer.onboardingUrl, 'c', encodeOuilinkUserInfo(answer.userInfo), origin);
  return null;
}

function withParam(address: string, name: string, value: string, origin: string): string {
  const url = new URL(address, origin);
  url.searchParams.set(name, value);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
