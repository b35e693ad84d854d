import { describe, expect, it } from 'vitest';
import { decodeOuilinkUserInfo, type OuilinkUserInfo } from '@comptoir/contracts';
import { partnerFrameUrl } from './ouilinkFrame';

const ORIGIN = 'https://bo.comptoir.test';
const userInfo: OuilinkUserInfo = {
  companyName: 'Crêperie du Port',
  siret: '12345678900011',
  firstname: 'Anaïs',
  lastname: 'Le Goff',
  email: 'anais@creperie.test',
  address: { street: '3 quai de l’Odet', zipcode: '29000', city: 'Quimper', countryCode: 'FR' },
  establishments: [
    {
      companyName: 'Crêperie du Port',
      siret: '12345678900011',
      address: { street: '3 quai de l’Odet', zipcode: '29000', city: 'Quimper', countryCode: 'FR' },
    },
    { companyName: 'Crêperie des Halles', siret: null, address: null },
  ],
};

describe('partnerFrameUrl', () => {
  it("opens the partner's direct page with the token in k", () => {
    expect(
      partnerFrameUrl(
        { ouiLinkAccessToken: 'a.b.c', partnerUrl: '/partner-standin/ouilink/catalogue' },
        ORIGIN,
      ),
    ).toBe('/partner-standin/ouilink/catalogue?k=a.b.c');
  });

  it('keeps the query of an external partner address', () => {
    expect(
      partnerFrameUrl(
        { ouiLinkAccessToken: 'tok', partnerUrl: 'https://app.ouilink.example/direct?src=comptoir' },
        ORIGIN,
      ),
    ).toBe('https://app.ouilink.example/direct?src=comptoir&k=tok');
  });

  it('opens the onboarding page with userInfo in c, accents included', () => {
    const url = partnerFrameUrl(
      { noToken: true, userInfo, onboardingUrl: '/partner-standin/ouilink/inscription' },
      ORIGIN,
    );
    const c = new URL(url ?? '', ORIGIN).searchParams.get('c');
    expect(url).toMatch(/^\/partner-standin\/ouilink\/inscription\?c=/);
    expect(decodeOuilinkUserInfo(c ?? '')).toEqual(userInfo);
  });

  it('opens nothing in maintenance', () => {
    expect(partnerFrameUrl({ maintenance: true }, ORIGIN)).toBeNull();
  });
});
