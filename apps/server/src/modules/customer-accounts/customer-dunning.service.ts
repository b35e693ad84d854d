import {
  customerDunningDefaultSubject,
  customerDunningProblem,
  isEmailAddress,
  type CustomerDunningListResponse,
  type CustomerDunningReason,
  type CustomerDunningRequest,
  type CustomerDunningResponse,
  type CustomerDunningResult,
  parisToday,
} from '@comptoir/contracts';
import type { MailAttachmentRef } from '../../db/schema/mail';
import type { RequestContext } from '../../platform/request-context';
import { softwareIdentity } from '../../platform/pdf/pdf-layout';
import * as detailRepo from './customer-account-detail.repository';
import { customerStatement, toAllocOperation } from './customer-account-detail.service';
import { customerAccountError } from './customer-accounts.errors';
import { listOptions } from './customer-accounts.repository';
import { customerDunningError, dunningProblemError } from './customer-dunning.errors';
import * as repo from './customer-dunning.repository';
import { allocateNotes, type AllocatedNote } from './customer-notes.allocation';
import { plainText, ticketAttachments } from './customer-tickets.mail';
import { findUserEmail } from './customer-tickets.repository';
import { loadTickets, plainLine, storeTicketPdf, type TicketDeps } from './customer-tickets.service';

/** One selected customer, checked before anything is sent. */
interface DunningPlan {
  customerId: string;
  email: string | null;
  /** The unpaid notes in the establishments asked, oldest first. */
  notes: AllocatedNote[];
  owed: number;
  skip: CustomerDunningReason | null;
}

/**
 * `POST /api/customer-account/dunning` (issue 31, item 26): every selected customer is checked first
 * (one not the caller's, or not linked to the establishments asked: 404 and nothing is sent to anyone),
 * then each debtor with unpaid notes here and an e-mail on file is mailed its unpaid notes (the
 * ticket PDF with details, A4) and its statement from the day of its oldest unpaid note to today,
 * from the platform's address under the sender name (else the establishment's), Reply-To the
 * configured address (else the user's). Each mail is recorded in `customer_dunning_sends`.
 */
export async function sendReminders(
  deps: TicketDeps,
  ctx: RequestContext,
  body: CustomerDunningRequest,
): Promise<CustomerDunningResponse> {
  const problem = customerDunningProblem(body);
  if (problem) throw dunningProblemError(problem);
  if (body.companyId !== undefined && !ctx.companyIds.includes(body.companyId))
    throw customerDunningError('CUSTOMER_COMPANY_NOT_FOUND');
  const scope = body.companyId === undefined ? ctx.companyIds : [body.companyId];
  const customerIds = [...new Set(body.customerIds)];
  // Linked to the establishments asked, as the statement requires: else 404 before any mail.
  const accounts = await detailRepo.findAccounts(deps.db, ctx.accountId, scope, customerIds);
  if (accounts.length !== customerIds.length) throw customerDunningError('CUSTOMER_ACCOUNT_NOT_FOUND');

  const rows = await detailRepo.listOperations(deps.db, ctx.accountId, customerIds);
  const businessDayOf = new Map(rows.map((row) => [row.id, row.business_day]));
  const operationsOf = new Map<string, ReturnType<typeof toAllocOperation>[]>();
  for (const row of rows) {
    const operation = toAllocOperation(row);
    const list = operationsOf.get(operation.customerId);
    if (list) list.push(operation);
    else operationsOf.set(operation.customerId, [operation]);
  }
  const inScope = new Set(scope);
  const accountOf = new Map(accounts.map((account) => [account.id, account]));
  const plans = customerIds.map((customerId): DunningPlan => {
    const account = accountOf.get(customerId)!;
    const notes = allocateNotes(operationsOf.get(customerId) ?? [])
      .notes.filter((note) => note.remaining > 0 && inScope.has(note.operation.companyId))
      .sort((a, b) => a.operation.at.getTime() - b.operation.at.getTime());
    const owed = notes.reduce((sum, note) => sum + note.remaining, 0);
    const email = account.email?.trim() ?? '';
    let skip: CustomerDunningReason | null = null;
    if (Number(account.balance) >= 0 || owed <= 0) skip = 'NOTHING_OWED';
    else if (!isEmailAddress(email)) skip = 'NO_EMAIL';
    return { customerId, email: email || null, notes, owed, skip };
  });

  const toSend = plans.filter((plan) => plan.skip === null);
  const sender = toSend.length > 0 ? await senderOf(deps, ctx, scope) : null;
  const today = parisToday();
  const results: CustomerDunningResult[] = [];
  for (const plan of plans) {
    const counted = { customerId: plan.customerId, owed: plan.owed, notes: plan.notes.length };
    if (plan.skip !== null || sender === null) {
      results.push({ ...counted, status: 'skipped', reason: plan.skip ?? 'NOTHING_OWED' });
      continue;
    }
    const establishment = sender.establishmentOf(plan.notes);
    const subject = plainLine(body.subject ?? '') || customerDunningDefaultSubject(establishment);
    const attachments = await reminderAttachments(deps, ctx, plan, {
      companyId: body.companyId,
      start: businessDayOf.get(plan.notes[0]!.operation.id) ?? today,
      end: today,
    });
    const mail = await deps.mailer.send({
      to: plan.email!,
      fromName: sender.name || establishment,
      ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
      subject,
      text: plainText(body.message),
      attachments,
      accountId: ctx.accountId,
      // The user reads the failure at once and may send again: no second copy later.
      retries: false,
    });
    const status = mail.status === 'failed' ? 'failed' : 'sent';
    await repo.insertDunningSend(deps.db, {
      account_id: ctx.accountId,
      company_id: body.companyId ?? null,
      customer_account_id: plan.customerId,
      user_id: ctx.userId,
      to_address: plan.email!,
      subject,
      owed_cents: plan.owed,
      notes_count: plan.notes.length,
      status,
      mail_outbox_id: mail.id,
    });
    results.push({ ...counted, status, ...(status === 'failed' ? { reason: 'MAIL_FAILED' as const } : {}) });
  }
  const count = (status: CustomerDunningResult['status']) =>
    results.filter((result) => result.status === status).length;
  return { results, sent: count('sent'), failed: count('failed'), skipped: count('skipped') };
}

/**
 * Who the reminders come from: the sender name and reply-to address of the settings, else the
 * establishment of the notes (the account's name when they are of several) and the user's e-mail.
 */
async function senderOf(deps: TicketDeps, ctx: RequestContext, scope: string[]) {
  const [options, userEmail, companies, accountName] = await Promise.all([
    listOptions(deps.db, ctx.accountId, ['ca_dunning_sender_name', 'ca_dunning_reply_to']),
    findUserEmail(deps.db, ctx.userId),
    detailRepo.listCompanyNames(deps.db, ctx.accountId, scope),
    repo.findAccountName(deps.db, ctx.accountId),
  ]);
  const option = (key: string) => plainLine(options.find((o) => o.key === key)?.value ?? '');
  const companyName = new Map(companies.map((company) => [company.id, company.company_name]));
  return {
    name: option('ca_dunning_sender_name'),
    replyTo: option('ca_dunning_reply_to') || userEmail || null,
    establishmentOf(notes: AllocatedNote[]): string {
      const ids = new Set(notes.map((note) => note.operation.companyId));
      const [only] = ids;
      return (ids.size === 1 && only !== undefined && companyName.get(only)) || accountName;
    },
  };
}

/** The unpaid notes' ticket PDF (details, A4) and the statement of the period, stored for the outbox. */
async function reminderAttachments(
  deps: TicketDeps,
  ctx: RequestContext,
  plan: DunningPlan,
  period: { companyId: string | undefined; start: string; end: string },
): Promise<MailAttachmentRef[]> {
  const noteScope = [...new Set(plan.notes.map((note) => note.operation.companyId))];
  const loaded = await loadTickets(
    deps.db,
    { accountId: ctx.accountId, companyIds: noteScope },
    plan.notes.map((note) => note.operation.id),
  );
  const notes = await ticketAttachments(deps, loaded, {
    action: 'details',
    formatA4: true,
    dayByDay: false,
    isSeparate: false,
  });
  const statement = await customerStatement(
    deps.db,
    ctx,
    {
      customerId: plan.customerId,
      start: period.start,
      end: period.end,
      ...(period.companyId ? { companyId: period.companyId } : {}),
    },
    softwareIdentity(deps.config.certificateReference),
  );
  const { key } = await storeTicketPdf(deps.files, statement.pdf, statement.fileName);
  return [...notes, { filename: statement.fileName, key }];
}

/** `GET /api/customer-account/dunning?customerId=`: the reminders of one readable customer. */
export async function listReminders(
  deps: Pick<TicketDeps, 'db'>,
  ctx: RequestContext,
  customerId: string,
): Promise<CustomerDunningListResponse> {
  const [account] = await detailRepo.findAccounts(deps.db, ctx.accountId, ctx.companyIds, [customerId]);
  if (account === undefined) throw customerAccountError('CUSTOMER_ACCOUNT_NOT_FOUND');
  const rows = await repo.listDunningSends(deps.db, {
    accountId: ctx.accountId,
    companyIds: ctx.companyIds,
    customerId,
  });
  return {
    sends: rows.map((row) => ({
      id: row.id,
      sentAt: new Date(row.sent_at).toISOString(),
      to: row.to_address,
      subject: row.subject,
      owed: Number(row.owed_cents),
      notes: row.notes_count,
      status: row.status,
      sentBy: `${row.firstname} ${row.lastname}`.trim() || row.email,
    })),
  };
}
