import { formatParis } from '@comptoir/contracts';
import type { FiscalAccessExpireType } from '@comptoir/contracts';
import type { FiscalAccessRequestRow } from '../../db/schema/fiscal-access';
import type { MailMessage } from '../../platform/mail';

/** Where the product team decides, and where the inspector signs in. */
export const SUPPORT_REQUESTS_PATH = '/support/fiscal-access';
export const FISCAL_SIGN_IN_PATH = '/fisc-connect-as';

const DURATION_LABELS: Record<FiscalAccessExpireType, string> = {
  '1week': '1 semaine',
  '2week': '2 semaines',
  '1month': '1 mois',
  '2month': '2 mois',
};

function text(paragraphs: string[]): string {
  return [...paragraphs, "L'équipe Comptoir"].join('\n\n');
}

/** To each support staff member: a request waits in the queue. */
export function requestWaitingMail(
  publicUrl: string,
  request: FiscalAccessRequestRow,
  accountName: string,
  to: string,
): MailMessage {
  return {
    to,
    subject: `Demande d'accès de l'administration fiscale à valider : ${accountName}`,
    text: text([
      'Bonjour,',
      `Le compte « ${accountName} » demande un accès de ${DURATION_LABELS[request.expire_type]} ` +
        `pour l'administration fiscale (${request.asker_email}). Contact du client : ${request.customer_email}.`,
      `Validez ou refusez la demande ici : ${publicUrl}${SUPPORT_REQUESTS_PATH}`,
    ]),
    accountId: request.account_id,
  };
}

/** To the inspector: the token, shown nowhere else, and the sign-in link. */
export function accessGrantedInspectorMail(
  publicUrl: string,
  request: FiscalAccessRequestRow & { expires_at: Date },
  accountName: string,
  token: string,
): MailMessage {
  const link = `${publicUrl}${FISCAL_SIGN_IN_PATH}?token=${encodeURIComponent(token)}`;
  return {
    to: request.asker_email,
    subject: `Comptoir : votre accès aux données fiscales de ${accountName}`,
    text: text([
      'Bonjour,',
      `Un accès en lecture seule aux données fiscales du compte « ${accountName} » vous est ouvert ` +
        `jusqu'au ${formatParis(request.expires_at, 'DD/MM/YYYY à HH:mm')} (heure de Paris).`,
      `Pour vous connecter, ouvrez ce lien : ${link}`,
      `Ou saisissez sur ${publicUrl}${FISCAL_SIGN_IN_PATH} votre adresse e-mail (${request.asker_email}) et ce jeton :`,
      token,
      'Ce jeton est personnel : ne le transmettez pas.',
    ]),
    accountId: request.account_id,
  };
}

/** To the owner: access granted, until when. */
export function accessGrantedOwnerMail(
  request: FiscalAccessRequestRow & { expires_at: Date },
  accountName: string,
): MailMessage {
  return {
    to: request.customer_email,
    subject: "Comptoir : votre demande d'accès pour l'administration fiscale est validée",
    text: text([
      'Bonjour,',
      `Votre demande d'accès pour l'administration fiscale (${request.asker_email}) au compte ` +
        `« ${accountName} » a été validée. L'accès, en lecture seule, est ouvert jusqu'au ` +
        `${formatParis(request.expires_at, 'DD/MM/YYYY à HH:mm')} (heure de Paris).`,
      "L'administration fiscale a reçu par e-mail le jeton qui lui permet de se connecter.",
    ]),
    accountId: request.account_id,
  };
}

/** To the owner: the request was refused. */
export function accessRefusedOwnerMail(request: FiscalAccessRequestRow, accountName: string): MailMessage {
  return {
    to: request.customer_email,
    subject: "Comptoir : votre demande d'accès pour l'administration fiscale est refusée",
    text: text([
      'Bonjour,',
      `Votre demande d'accès pour l'administration fiscale (${request.asker_email}) au compte ` +
        `« ${accountName} » a été refusée par l'équipe Comptoir. Aucun accès n'a été ouvert.`,
      'Pour en savoir plus, contactez le support Comptoir.',
    ]),
    accountId: request.account_id,
  };
}
