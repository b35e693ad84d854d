import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  inviteReferralRequest,
  referral,
  referralInvitationParams,
  referralParams,
  referralSignUpRequest,
  referralSignUpResponse,
  referralsResponse,
  SPONSORSHIP_INVITATION_PATH,
  SPONSORSHIP_INVITATIONS_PER_HOUR,
  supportReferralsResponse,
} from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { sendHtmlPage } from '../../platform/html-page';
import { sendOrUndo } from '../../platform/mail';
import { renderReferralSignUpPage } from './referral-sign-up-page';
import { sponsorshipError } from './sponsorship.errors';
import { invitationMail } from './sponsorship.mails';
import {
  cancelInvitation,
  createInvitation,
  invitationView,
  listReferrals,
  listSupportReferrals,
  markFirstMonthPaid,
  signUpReferral,
  toReferral,
} from './sponsorship.service';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** Account holders only (spec 1 §2.3): sub-users, inspectors and staff never sponsor. */
const holders = (writes: boolean) => access.session({ callers: ['holder'], viewAs: !writes, writes });

/** Issue 19 part 8: sponsorship referrals, their public sign-up page, and staff's "first month paid". */
export async function sponsorshipRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sponsorship'];

  routes.get(
    '/api/sponsorship/referrals',
    {
      config: { access: holders(false) },
      schema: {
        tags,
        summary: "The account's referrals with their state, and the rewards due",
        description: '403 CUSTOMER_SPACE_FORBIDDEN for customer-space users.',
        response: { 200: referralsResponse, ...refusals },
      },
    },
    async (request) => listReferrals(db, requireCtx(request)),
  );

  routes.post(
    '/api/sponsorship/referrals',
    {
      config: {
        access: holders(true),
        rateLimit: {
          max: SPONSORSHIP_INVITATIONS_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request: FastifyRequest) =>
            request.ctx ? `sponsorship:${request.ctx.userId}` : request.ip,
          errorResponseBuilder: () => sponsorshipError('TOO_MANY_INVITATIONS'),
        },
      },
      schema: {
        tags,
        summary: 'Invites a friend by e-mail with a personal referral link',
        description:
          `${SPONSORSHIP_INVITATIONS_PER_HOUR} invitations per user per hour (429 TOO_MANY_INVITATIONS). ` +
          '400 SELF_INVITATION; 409 EXISTING_USER or ALREADY_INVITED; 502 MAIL_NOT_SENT (nothing kept).',
        body: inviteReferralRequest,
        response: {
          201: referral,
          ...refusals,
          409: errorResponse,
          429: errorResponse,
          502: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const invitation = await createInvitation(db, ctx, request.body.email);
      await sendOrUndo(
        app.mailer,
        invitationMail(app.config.publicUrl, {
          to: invitation.referral.email,
          code: invitation.code,
          referrerName: invitation.referrerName,
          referrerEmail: invitation.referrerEmail,
          message: request.body.message,
          accountName: invitation.accountName,
          accountId: ctx.accountId,
        }),
        {
          log: {
            logger: request.log,
            message: 'invitation not delivered',
            fields: { referralId: invitation.referral.id },
          },
          undo: () => cancelInvitation(db, invitation.referral.id),
          refusal: () => sponsorshipError('MAIL_NOT_SENT'),
        },
      );
      return reply.status(201).send(toReferral(invitation.referral));
    },
  );

  routes.get(
    `${SPONSORSHIP_INVITATION_PATH}/:code`,
    {
      config: {
        access: access.public('the unguessable code of a personal referral link', { writes: false }),
      },
      schema: {
        tags,
        summary: 'The public page of a referral link, where the invited restaurant leaves its details',
        params: referralInvitationParams,
      },
    },
    async (request, reply) => {
      // An unknown link is a page too (it says so): the API's errors stay JSON.
      return sendHtmlPage(reply, renderReferralSignUpPage(await invitationView(db, request.params.code)));
    },
  );

  routes.post(
    '/api/sponsorship/invitations/:code/sign-up',
    {
      config: {
        access: access.public('the unguessable code of a personal referral link', { writes: true }),
        rateLimit: { max: 10, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: "The invited restaurant's details: the referral moves to signed up",
        description:
          '404 INVITATION_NOT_FOUND; 409 ALREADY_SIGNED_UP; 429 TOO_MANY_REQUESTS beyond 10 a minute.',
        params: referralInvitationParams,
        body: referralSignUpRequest,
        response: {
          200: referralSignUpResponse,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => signUpReferral(db, request.params.code, request.body),
  );

  routes.get(
    '/api/support/referrals',
    {
      config: { access: access.staff({ writes: false }) },
      schema: {
        tags,
        summary: 'Every referral with its referrer and the restaurant contact (support staff)',
        response: { 200: supportReferralsResponse, ...refusals },
      },
    },
    async () => ({ referrals: await listSupportReferrals(db) }),
  );

  routes.post(
    '/api/support/referrals/:id/first-month-paid',
    {
      config: { access: access.staff({ writes: true }) },
      schema: {
        tags,
        summary: "Records a referred restaurant's first paid month: the reward is due (support staff)",
        description:
          'Billing is not in this product: support staff record the payment. 404 REFERRAL_NOT_FOUND; ' +
          '409 NOT_SIGNED_UP or ALREADY_PAID.',
        params: referralParams,
        response: { 200: referral, ...refusals, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => markFirstMonthPaid(db, requireCtx(request), request.params.id),
  );
}
