import type { Db } from '../../db/database';
import type { Mailer } from '../../platform/mail';
import { formatEuros } from '../../platform/pdf/pdf-layout';
import * as repo from './customer-alerts.repository';

/** A customer operation just stored: `amount` and `balanceAfter` in signed cents. */
export interface IngestedCustomerOperation {
  id: string;
  customerAccountId: string;
  amount: number;
  balanceAfter: number;
}

export interface BalanceAlertDeps {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * The alert balance in cents from its stored option (a normalised euro string such as '-50.5');
 * null when none is set: 0 is the value of an empty or invalid input, so it means no alert.
 */
export function alertBalanceCents(value: string | undefined): number | null {
  const euros = Number(value ?? '0');
  if (!Number.isFinite(euros) || euros === 0) return null;
  return Math.round(euros * 100);
}

/**
 * The operations that take a balance from the alert balance or above to below it, in order: one per
 * crossing, so a balance that stays below gives none until it has come back up.
 */
export function alertCrossings(
  operations: readonly IngestedCustomerOperation[],
  alertCents: number,
): IngestedCustomerOperation[] {
  return operations.filter((op) => op.balanceAfter - op.amount >= alertCents && op.balanceAfter < alertCents);
}

export function balanceAlertText(name: string, balanceAfter: number, alertCents: number): string {
  return `Le solde du compte client ${name} (${formatEuros(balanceAfter)}) est passé sous le solde d'alerte (${formatEuros(alertCents)}).`;
}

/**
 * After an ingestion has committed: a notification in the notification centre for each crossing of
 * the alert balance, and a mail to the alert address when one is set. Never throws for a mail.
 */
export async function notifyBalanceAlerts(
  deps: BalanceAlertDeps,
  accountId: string,
  operations: readonly IngestedCustomerOperation[],
): Promise<number> {
  if (operations.length === 0) return 0;
  const options = await repo.findAlertOptions(deps.db, accountId);
  const alertCents = alertBalanceCents(options.get('ca_alert_default_balance'));
  if (alertCents === null) return 0;
  const crossings = alertCrossings(operations, alertCents);
  if (crossings.length === 0) return 0;
  const names = new Map(
    (
      await repo.listCustomerNames(deps.db, accountId, [
        ...new Set(crossings.map((c) => c.customerAccountId)),
      ])
    ).map((c) => [
      c.id,
      c.is_company && c.company_name ? c.company_name : `${c.firstname} ${c.lastname}`.trim(),
    ]),
  );
  const texts = crossings.map((c) =>
    balanceAlertText(names.get(c.customerAccountId) ?? c.customerAccountId, c.balanceAfter, alertCents),
  );
  await repo.insertAccountNotifications(deps.db, accountId, texts);
  const to = options.get('ca_alert_email')?.trim();
  if (to) {
    const result = await deps.mailer.send({
      accountId,
      to,
      subject: texts.length === 1 ? 'Alerte de solde client' : `Alertes de solde client (${texts.length})`,
      text: `Bonjour,\n\n${texts.join('\n')}\n\nComptoir`,
    });
    if (result.status === 'failed') {
      deps.log.warn({ mailId: result.id, error: result.error }, 'balance alert mail not delivered');
    }
  }
  return crossings.length;
}
