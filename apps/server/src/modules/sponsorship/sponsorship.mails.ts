import { SPONSORSHIP_INVITATION_PATH } from '@comptoir/contracts';
import type { MailMessage } from '../../platform/mail';

/** The invitation to the friend: who recommends Comptoir, and the personal link to leave its details. */
export function invitationMail(
  publicUrl: string,
  invitation: {
    to: string;
    code: string;
    referrerName: string;
    referrerEmail: string;
    accountName: string;
    accountId: string;
    message?: string | undefined;
  },
): MailMessage {
  const link = `${publicUrl}${SPONSORSHIP_INVITATION_PATH}/${invitation.code}`;
  return {
    to: invitation.to,
    // An answer goes to the friend who recommends us, not to our no-reply sender.
    replyTo: invitation.referrerEmail,
    accountId: invitation.accountId,
    subject: 'Je vous recommande Comptoir',
    text: [
      'Bonjour,',
      `${invitation.referrerName} (${invitation.accountName}) utilise Comptoir, la caisse et le back-office ` +
        'de son restaurant, et vous invite à le découvrir.',
      ...(invitation.message ? [`Son message : « ${invitation.message} »`] : []),
      `Laissez vos coordonnées sur cette page et notre équipe vous rappellera : ${link}`,
      'Ce lien vous est personnel.',
      "L'équipe Comptoir",
    ].join('\n\n'),
  };
}
