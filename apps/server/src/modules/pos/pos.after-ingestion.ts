import type { Db } from '../../db/database';
import type { RegisterRow } from '../../db/schema/pos';
import type { Mailer } from '../../platform/mail';
import { notifyBalanceAlerts } from '../customer-accounts/customer-alerts';
import * as repo from './pos.repository';
import type { IngestionEffects } from './pos.ingestion';

/** Mails one customer the tab ticket of the given charges (the customer-tickets module's job). */
export type MailTabTicket = (args: {
  accountId: string;
  customerAccountId: string;
  companyId: string;
  operationIds: string[];
}) => Promise<unknown>;

export interface AfterIngestionDeps {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  log: { warn: (obj: object, msg: string) => void };
  /** Absent until the ticket PDFs can be mailed: the tickets due are then only logged. */
  mailTabTicket?: MailTabTicket;
}

export interface TabTicketToMail {
  customerAccountId: string;
  email: string;
  operationIds: string[];
}

/**
 * The tab tickets a register's daily closures call for when `ca_auto_email_new_tk` is on: for each
 * customer with an e-mail charged at this register over a closure's days, those charges.
 */
export async function tabTicketsToMail(
  db: Db,
  register: Pick<RegisterRow, 'id' | 'account_id'>,
  closures: IngestionEffects['dailyClosures'],
): Promise<TabTicketToMail[]> {
  if (closures.length === 0) return [];
  const options = await repo.listCustomerOptions(db, register.account_id);
  if (options.find((o) => o.key === 'ca_auto_email_new_tk')?.value !== '1') return [];
  const tickets: TabTicketToMail[] = [];
  for (const closure of closures) {
    const byCustomer = new Map<string, TabTicketToMail>();
    for (const charge of await repo.listClosureCharges(db, register, closure)) {
      const ticket = byCustomer.get(charge.customer_account_id) ?? {
        customerAccountId: charge.customer_account_id,
        email: charge.email ?? '',
        operationIds: [],
      };
      ticket.operationIds.push(charge.id);
      byCustomer.set(charge.customer_account_id, ticket);
    }
    tickets.push(...byCustomer.values());
  }
  return tickets;
}

/**
 * What follows a committed batch: the balance alerts, and the tab tickets mailed at a closure. A
 * failure here is logged and never undoes or refuses the ingestion.
 */
export async function afterIngestion(
  deps: AfterIngestionDeps,
  register: RegisterRow,
  effects: IngestionEffects,
): Promise<void> {
  try {
    await notifyBalanceAlerts(deps, register.account_id, effects.customerOperations);
  } catch (err) {
    deps.log.warn({ err, registerId: register.id }, 'balance alerts failed after ingestion');
  }
  let tickets: TabTicketToMail[] = [];
  try {
    tickets = await tabTicketsToMail(deps.db, register, effects.dailyClosures);
  } catch (err) {
    deps.log.warn({ err, registerId: register.id }, 'tab tickets due at closure could not be listed');
  }
  for (const ticket of tickets) {
    if (!deps.mailTabTicket) {
      deps.log.warn(
        { registerId: register.id, customerAccountId: ticket.customerAccountId },
        'tab ticket due at closure not mailed: no ticket mailer',
      );
      continue;
    }
    try {
      await deps.mailTabTicket({
        accountId: register.account_id,
        customerAccountId: ticket.customerAccountId,
        companyId: register.company_id,
        operationIds: ticket.operationIds,
      });
    } catch (err) {
      deps.log.warn(
        { err, registerId: register.id, customerAccountId: ticket.customerAccountId },
        'tab ticket mail at closure failed',
      );
    }
  }
}
