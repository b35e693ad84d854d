import {
  TICKET_DEFAULT_SUBJECT_FR,
  TICKET_SEPARATE_NOTES_MAX,
  ticketSendProblem,
  type TicketSendRequest,
  type TicketSendResponse,
} from '@comptoir/contracts';
import type { MailAttachmentRef } from '../../db/schema/mail';
import { sendOrUndo, type MailResult } from '../../platform/mail';
import { softwareIdentity } from '../../platform/pdf/pdf-layout';
import { userLanguage } from '../user/user.service';
import { CUSTOMER_PDF_TEXTS } from './customer-pdf.texts';
import { renderTicketPdf } from './customer-tickets.pdf';
import { findUserEmail } from './customer-tickets.repository';
import {
  customerTicketError,
  fileSafe,
  loadTickets,
  plainLine,
  storeTicketPdf,
  ticketDocument,
  ticketFileName,
  type LoadedTickets,
  type TicketDeps,
  type TicketRenderOptions,
  type TicketScope,
} from './customer-tickets.service';

/** Whoever sends: the signed-in user, and whether the account has the suite edition. */
export interface TicketSender extends TicketScope {
  userId: string;
  isSuite: boolean;
}

/**
 * A message typed in the portal as plain text: no control characters but line breaks and tabs, line
 * breaks made CRLF-free, and no HTML part is ever built from it.
 */
export function plainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .replace(/[\p{Cf}]/gu, '')
    .trim();
}

/** The PDFs of a mail: one for all the notes, or one per note (stored for the outbox). */
export async function ticketAttachments(
  deps: TicketDeps,
  loaded: LoadedTickets,
  options: TicketRenderOptions & { isSeparate: boolean; displayName?: string | undefined },
): Promise<MailAttachmentRef[]> {
  const now = new Date();
  const software = softwareIdentity(deps.config.certificateReference, options.language);
  const parts = options.isSeparate ? loaded.notes.map((note) => [note]) : [loaded.notes];
  const base = options.displayName ? fileSafe(plainLine(options.displayName).replace(/\.pdf$/i, ''), '') : '';
  const attachments: MailAttachmentRef[] = [];
  for (const [index, notes] of parts.entries()) {
    const pdf = await renderTicketPdf(ticketDocument({ ...loaded, notes }, options, software, now));
    const stored = ticketFileName(options.action, loaded.customerName, now);
    const { key } = await storeTicketPdf(deps.files, pdf, stored);
    const suffix = parts.length > 1 ? `-${index + 1}` : '';
    const filename = base ? `${base}${suffix}.pdf` : stored.replace(/\.pdf$/, `${suffix}.pdf`);
    attachments.push({ filename, key });
  }
  return attachments;
}

/**
 * `POST notes/send`: the rules of the send form re-checked, the PDF regenerated from the ids, and the
 * mail sent from the platform with Reply-To the user. 502 TICKET_MAIL_FAILED when the SMTP server
 * refuses it or cannot be reached. The PDF is in the mail's language: `locale` when the form names
 * one, else the sender's own (the portal's form has no choice of language: the user writes the
 * message in the language it reads the portal in).
 */
export async function sendTickets(
  deps: TicketDeps,
  sender: TicketSender,
  body: TicketSendRequest,
): Promise<TicketSendResponse> {
  const problem = ticketSendProblem(body);
  if (problem) throw customerTicketError(problem);
  const userEmail = await findUserEmail(deps.db, sender.userId);
  if (!userEmail || userEmail.trim().toLowerCase() !== body.userMail.trim().toLowerCase()) {
    throw customerTicketError('TICKET_SENDER_NOT_USER');
  }
  if (body.dayByDayEmail && !sender.isSuite) throw customerTicketError('TICKET_DAY_BY_DAY_SUITE_ONLY');
  const ids = [...new Set(body.listPaymentIds)];
  if (body.sendSeparateNote && ids.length > TICKET_SEPARATE_NOTES_MAX) {
    throw customerTicketError('TICKET_TOO_MANY_ATTACHMENTS');
  }
  const loaded = await loadTickets(deps.db, sender, ids);
  const language = body.locale ?? (await userLanguage(deps.db, sender.userId));
  const attachments = await ticketAttachments(deps, loaded, {
    language,
    action: body.oldPdfSelected ?? 'details',
    formatA4: body.formatA4,
    dayByDay: body.dayByDayEmail,
    label: body.labelWithoutDetails,
    userName: body.userName,
    isSeparate: body.sendSeparateNote,
    displayName: body.nameFileToDisplay,
  });
  const mail = {
    to: body.customerEmail.trim(),
    replyTo: userEmail,
    subject: plainLine(body.subject ?? '') || CUSTOMER_PDF_TEXTS[language].defaultSubject,
    text: plainText(body.msgContent),
    attachments,
    accountId: sender.accountId,
  };
  await sendOrUndo(deps.mailer, mail, { refusal: () => customerTicketError('TICKET_MAIL_FAILED') });
  return { message: 'success' };
}

/**
 * Mails a customer's tab ticket (the given notes, with details, A4) to the e-mail address on the
 * customer's account: for the registers' cash closure when `ca_auto_email_new_tk` is on. Returns
 * null, sending nothing, when the customer has no e-mail address; throws 404 TICKET_NOT_FOUND when
 * an operation is not a note of that customer in that establishment.
 */
export async function mailTabTicket(
  deps: TicketDeps,
  params: { accountId: string; customerAccountId: string; companyId: string; operationIds: string[] },
): Promise<MailResult | null> {
  const expected = new Map(
    params.operationIds.map((id) => [
      id,
      { customerId: params.customerAccountId, companyId: params.companyId },
    ]),
  );
  const loaded = await loadTickets(
    deps.db,
    { accountId: params.accountId, companyIds: [params.companyId] },
    params.operationIds,
    expected,
  );
  const to = loaded.customerEmails[0];
  if (!to) return null;
  // French, like the mail's text: the customer's language is not on file.
  const attachments = await ticketAttachments(deps, loaded, {
    language: 'fr',
    action: 'details',
    formatA4: true,
    dayByDay: false,
    isSeparate: false,
  });
  const establishment = loaded.companies.map((c) => c.company_name).join(', ');
  return deps.mailer.send({
    to,
    subject: `${TICKET_DEFAULT_SUBJECT_FR} – ${establishment}`,
    text:
      `Bonjour ${loaded.customerName},\n\n` +
      `Veuillez trouver ci-joint le détail de vos consommations portées sur votre compte client.\n\n` +
      `${establishment}`,
    attachments,
    accountId: params.accountId,
  });
}
