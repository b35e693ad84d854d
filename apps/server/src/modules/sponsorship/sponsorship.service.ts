import crypto from 'node:crypto';
import {
  phoneToStore,
  SPONSORSHIP_REWARD_CENTS,
  type Referral,
  type ReferralSignUpRequest,
  type ReferralsResponse,
  type SupportReferral,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import type { ReferralRow } from '../../db/schema/sponsorship';
import type { RequestContext } from '../../platform/request-context';
import type { InvitationView } from './referral-sign-up-page';
import { sponsorshipError } from './sponsorship.errors';
import * as repo from './sponsorship.repository';

const MAX_SUPPORT_REFERRALS = 500;

/** Spec 1 §2.3, §6: sponsorship is hidden for customer-space users; the server refuses them too. */
function assertMaySponsor(ctx: RequestContext): void {
  if (ctx.groups.includes('espace_client')) throw sponsorshipError('CUSTOMER_SPACE_FORBIDDEN');
}

export function hashReferralCode(code: string): string {
  return crypto.createHash('sha256').update(code).digest('hex');
}

/** Spec 1 §9: the reward is due once the referred restaurant's first month is paid. */
export function rewardCentsOf(row: Pick<ReferralRow, 'status'>): number {
  return row.status === 'first_month_paid' ? SPONSORSHIP_REWARD_CENTS : 0;
}

export function toReferral(row: ReferralRow): Referral {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    restaurantName: row.restaurant_name,
    invitedAt: row.invited_at.toISOString(),
    signedUpAt: row.signed_up_at?.toISOString() ?? null,
    firstMonthPaidAt: row.first_month_paid_at?.toISOString() ?? null,
    rewardCents: rewardCentsOf(row),
  };
}

export async function listReferrals(db: Db, ctx: RequestContext): Promise<ReferralsResponse> {
  assertMaySponsor(ctx);
  const referrals = (await repo.listAccountReferrals(db, ctx.accountId)).map(toReferral);
  return { referrals, rewardDueCents: referrals.reduce((sum, r) => sum + r.rewardCents, 0) };
}

export interface PreparedInvitation {
  referral: ReferralRow;
  /** The clear code of the personal link: mailed, never stored. */
  code: string;
  referrerName: string;
  referrerEmail: string;
  accountName: string;
}

/** Checks and records an invitation; the caller mails it and calls `cancelInvitation` if the mail fails. */
export async function createInvitation(
  db: Db,
  ctx: RequestContext,
  email: string,
  now: Date = new Date(),
): Promise<PreparedInvitation> {
  assertMaySponsor(ctx);
  const ownEmail = (await repo.findUserEmail(db, ctx.userId)) ?? '';
  if (ownEmail.toLowerCase() === email) throw sponsorshipError('SELF_INVITATION');
  if (await repo.isUserEmail(db, email)) throw sponsorshipError('EXISTING_USER');
  if (await repo.isInvited(db, ctx.accountId, email)) throw sponsorshipError('ALREADY_INVITED');
  const referrer = await repo.findReferrer(db, ctx.userId);
  const code = crypto.randomBytes(24).toString('base64url');
  const referral = await repo.insertReferral(db, {
    accountId: ctx.accountId,
    referrerUserId: ctx.userId,
    email,
    codeHash: hashReferralCode(code),
    now,
  });
  if (!referral) throw sponsorshipError('ALREADY_INVITED');
  return {
    referral,
    code,
    referrerName: referrer ? `${referrer.firstname} ${referrer.lastname}`.trim() : 'Un restaurateur',
    referrerEmail: ownEmail,
    accountName: referrer?.account_name ?? 'Comptoir',
  };
}

export async function cancelInvitation(db: Db, referralId: string): Promise<void> {
  await repo.deleteReferral(db, referralId);
}

/** What the public page of a personal link shows. */
export async function invitationView(db: Db, code: string): Promise<InvitationView> {
  const row = await repo.findByCodeHash(db, hashReferralCode(code));
  if (!row) return { kind: 'unknown' };
  if (row.status !== 'invited') return { kind: 'signed_up' };
  const referrer = await repo.findReferrer(db, row.referrer_user_id);
  return {
    kind: 'invited',
    code,
    referrerName: referrer ? `${referrer.firstname} ${referrer.lastname}`.trim() : 'Un restaurateur',
    accountName: referrer?.account_name ?? 'Comptoir',
  };
}

/** The invited restaurant leaves its details on the public page: invited → signed up. */
export async function signUpReferral(
  db: Db,
  code: string,
  details: ReferralSignUpRequest,
  now: Date = new Date(),
): Promise<{ status: 'signed_up' }> {
  const row = await repo.findByCodeHash(db, hashReferralCode(code));
  if (!row) throw sponsorshipError('INVITATION_NOT_FOUND');
  // One rule for every stored phone (issue 31, item 9).
  const phone = phoneToStore(details.phone) ?? '';
  if (!(await repo.markSignedUp(db, row.id, { ...details, phone, now })))
    throw sponsorshipError('ALREADY_SIGNED_UP');
  return { status: 'signed_up' };
}

function toSupportReferral(row: repo.SupportReferralRow): SupportReferral {
  return {
    ...toReferral(row),
    accountName: row.account_name,
    referrerEmail: row.referrer_email,
    contactName: row.contact_name,
    phone: row.phone,
  };
}

export async function listSupportReferrals(db: Db): Promise<SupportReferral[]> {
  return (await repo.listAllReferrals(db, MAX_SUPPORT_REFERRALS)).map(toSupportReferral);
}

/** Support staff record the referred restaurant's first paid month (billing is not in this product). */
export async function markFirstMonthPaid(
  db: Db,
  ctx: RequestContext,
  id: string,
  now: Date = new Date(),
): Promise<Referral> {
  const row = await repo.findReferral(db, id);
  if (!row) throw sponsorshipError('REFERRAL_NOT_FOUND');
  if (row.status === 'first_month_paid') throw sponsorshipError('ALREADY_PAID');
  if (!(await repo.markFirstMonthPaid(db, id, ctx.userId, now))) throw sponsorshipError('NOT_SIGNED_UP');
  const updated = await repo.findReferral(db, id);
  if (!updated) throw sponsorshipError('REFERRAL_NOT_FOUND');
  return toReferral(updated);
}
