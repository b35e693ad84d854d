import { z } from 'zod';
import { cents, isoDateTime } from './common';
import { emailAddress } from './rules';

/**
 * Sponsorship (spec 1 §2.3, §9; issue 19 part 8): a holder invites a friend by e-mail; the personal
 * link of the mail opens a public page where the friend's restaurant leaves its details (signed up);
 * once its first month is paid (set by support staff: billing is not in this product) the holder is
 * due the reward. French only, never for customer-space users.
 */

/** Spec 1 §9: the reward per referred restaurant whose first month is paid. */
export const SPONSORSHIP_REWARD_CENTS = 10_000;

/** Whole euros with a non-breaking space (« 100 € », « 300 € »), so an amount never splits across lines. */
export function formatSponsorshipReward(rewardCents: number): string {
  return `${Math.round(rewardCents / 100)}\u00a0€`;
}

export const SPONSORSHIP_REWARD_LABEL = formatSponsorshipReward(SPONSORSHIP_REWARD_CENTS);

/** Invitations a holder may send per hour (429 beyond). */
export const SPONSORSHIP_INVITATIONS_PER_HOUR = 20;

/** The public page the personal link opens: `/parrainage/invitation/{code}`. */
export const SPONSORSHIP_INVITATION_PATH = '/parrainage/invitation';

export const referralStatus = z.enum(['invited', 'signed_up', 'first_month_paid']);
export type ReferralStatus = z.infer<typeof referralStatus>;

export const referral = z.object({
  id: z.uuid(),
  email: z.string(),
  status: referralStatus,
  /** The restaurant's name, once signed up. */
  restaurantName: z.string().nullable(),
  invitedAt: isoDateTime,
  signedUpAt: isoDateTime.nullable(),
  firstMonthPaidAt: isoDateTime.nullable(),
  /** SPONSORSHIP_REWARD_CENTS once the first month is paid, else 0. */
  rewardCents: cents,
});
export type Referral = z.infer<typeof referral>;

/** `GET /api/sponsorship/referrals`: the caller's referrals, newest first, and the rewards due. */
export const referralsResponse = z.object({
  referrals: z.array(referral),
  rewardDueCents: cents,
});
export type ReferralsResponse = z.infer<typeof referralsResponse>;

export const REFERRAL_MESSAGE_MAX_LENGTH = 1000;

/** `POST /api/sponsorship/referrals`: mails the personal link to the friend, with the holder's message. */
export const inviteReferralRequest = z.object({
  email: z.string().trim().toLowerCase().pipe(emailAddress),
  message: z.string().trim().max(REFERRAL_MESSAGE_MAX_LENGTH).optional(),
});
export type InviteReferralRequest = z.infer<typeof inviteReferralRequest>;

export const REFERRAL_FIELD_MAX_LENGTH = 120;
/** A phone number as people type it: digits, spaces, dots, dashes, brackets, an optional leading +. */
export const REFERRAL_PHONE_PATTERN = /^\+?[0-9 .()-]{6,30}$/;

/** `POST /api/sponsorship/invitations/{code}/sign-up`: the invited restaurant's details (public page). */
export const referralSignUpRequest = z.object({
  restaurantName: z.string().trim().min(1).max(REFERRAL_FIELD_MAX_LENGTH),
  contactName: z.string().trim().min(1).max(REFERRAL_FIELD_MAX_LENGTH),
  phone: z.string().trim().regex(REFERRAL_PHONE_PATTERN),
});
export type ReferralSignUpRequest = z.infer<typeof referralSignUpRequest>;

export const referralInvitationParams = z.object({ code: z.string().min(1).max(200) });

export const referralSignUpResponse = z.object({ status: referralStatus });

/** A referral as support staff see it: with its referrer and the restaurant's contact. */
export const supportReferral = referral.extend({
  accountName: z.string(),
  referrerEmail: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
});
export type SupportReferral = z.infer<typeof supportReferral>;

/** `GET /api/support/referrals` (support staff): every referral, newest first. */
export const supportReferralsResponse = z.object({ referrals: z.array(supportReferral) });
export type SupportReferralsResponse = z.infer<typeof supportReferralsResponse>;

export const referralParams = z.object({ id: z.uuid() });

export const sponsorshipErrorCode = z.enum([
  'CUSTOMER_SPACE_FORBIDDEN',
  'SELF_INVITATION',
  'EXISTING_USER',
  'ALREADY_INVITED',
  'MAIL_NOT_SENT',
  'INVITATION_NOT_FOUND',
  'ALREADY_SIGNED_UP',
  'REFERRAL_NOT_FOUND',
  'NOT_SIGNED_UP',
  'ALREADY_PAID',
  'TOO_MANY_INVITATIONS',
]);
export type SponsorshipErrorCode = z.infer<typeof sponsorshipErrorCode>;
