import { describe, expect, it } from 'vitest';
import { formatSponsorshipReward, inviteReferralRequest, SPONSORSHIP_REWARD_LABEL } from './sponsorship';

describe('sponsorship reward', () => {
  it('is « 100 € » with a non-breaking space, so it never splits across lines', () => {
    expect(SPONSORSHIP_REWARD_LABEL).toBe('100\u00a0€');
    expect(formatSponsorshipReward(30_000)).toBe('300\u00a0€');
  });
});

describe('invitation request', () => {
  it('takes the e-mail trimmed and in lower case, and refuses what is not an address', () => {
    expect(inviteReferralRequest.parse({ email: '  Ami@Restaurant.TEST ' }).email).toBe(
      'ami@restaurant.test',
    );
    expect(inviteReferralRequest.safeParse({ email: 'pas-une-adresse' }).success).toBe(false);
  });
});
