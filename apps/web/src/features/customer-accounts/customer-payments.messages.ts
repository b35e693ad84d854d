import { defineMessages } from '../../i18n/defineMessages';

/** A payment received outside the till, recorded from the customer's page (issue 31, item 27). */
export const customerPaymentsMessages = defineMessages({
  fr: {
    'customerPayment.open': 'Enregistrer un règlement',
    'customerPayment.title': 'Règlement reçu hors caisse',
    'customerPayment.explain':
      'Un virement ou un chèque reçu pour ce compte. Il règle d’abord les notes les plus anciennes. Le client doit {owed}.',
    'customerPayment.company': 'Établissement qui l’a reçu',
    'customerPayment.amount': 'Montant',
    'customerPayment.amount.invalid': 'Saisissez un montant en euros, par exemple 1 250,80.',
    'customerPayment.amount.zero': 'Le montant doit être supérieur à zéro.',
    'customerPayment.amount.tooLarge': 'Un règlement ne peut pas dépasser 1 000 000 €.',
    'customerPayment.reference': 'Référence du virement',
    'customerPayment.reference.hint': 'Facultatif : elle figure sur le relevé et dans l’export comptable.',
    'customerPayment.signed':
      'Le règlement est signé et enregistré comme une opération de caisse : il ne pourra pas être supprimé.',
    'customerPayment.save': 'Enregistrer le règlement',
    'customerPayment.saving': 'Enregistrement…',
    'customerPayment.cancel': 'Annuler',
    'customerPayment.recorded':
      'Règlement de {amount} enregistré : {notes} note(s) soldée(s), reste dû {owed}.',
    'customerPayment.overDebt':
      'Les paramètres interdisent de payer plus que la dette : le client doit {owed}.',
    'customerPayment.failed': 'Le règlement n’a pas pu être enregistré.',
  },
  en: {
    'customerPayment.open': 'Record a payment',
    'customerPayment.title': 'Payment received outside the till',
    'customerPayment.explain':
      'A bank transfer or a cheque received for this account. It pays the oldest notes first. The customer owes {owed}.',
    'customerPayment.company': 'Establishment that received it',
    'customerPayment.amount': 'Amount',
    'customerPayment.amount.invalid': 'Enter an amount in euros, for example 1 250.80.',
    'customerPayment.amount.zero': 'The amount must be greater than zero.',
    'customerPayment.amount.tooLarge': 'A payment cannot exceed €1,000,000.',
    'customerPayment.reference': 'Transfer reference',
    'customerPayment.reference.hint': 'Optional: it appears on the statement and in the accounting export.',
    'customerPayment.signed':
      'The payment is signed and recorded like a till operation: it cannot be deleted.',
    'customerPayment.save': 'Record the payment',
    'customerPayment.saving': 'Recording…',
    'customerPayment.cancel': 'Cancel',
    'customerPayment.recorded':
      'Payment of {amount} recorded: {notes} note(s) paid in full, {owed} still due.',
    'customerPayment.overDebt': 'The settings forbid paying more than the debt: the customer owes {owed}.',
    'customerPayment.failed': 'The payment could not be recorded.',
  },
  es: {
    'customerPayment.open': 'Registrar un pago',
    'customerPayment.title': 'Pago recibido fuera de caja',
    'customerPayment.explain':
      'Una transferencia o un cheque recibido para esta cuenta. Paga primero las notas más antiguas. El cliente debe {owed}.',
    'customerPayment.company': 'Establecimiento que lo recibió',
    'customerPayment.amount': 'Importe',
    'customerPayment.amount.invalid': 'Introduzca un importe en euros, por ejemplo 1 250,80.',
    'customerPayment.amount.zero': 'El importe debe ser mayor que cero.',
    'customerPayment.amount.tooLarge': 'Un pago no puede superar 1 000 000 €.',
    'customerPayment.reference': 'Referencia de la transferencia',
    'customerPayment.reference.hint': 'Opcional: figura en el extracto y en la exportación contable.',
    'customerPayment.signed':
      'El pago se firma y se registra como una operación de caja: no se podrá eliminar.',
    'customerPayment.save': 'Registrar el pago',
    'customerPayment.saving': 'Registrando…',
    'customerPayment.cancel': 'Cancelar',
    'customerPayment.recorded': 'Pago de {amount} registrado: {notes} nota(s) saldada(s), quedan {owed}.',
    'customerPayment.overDebt': 'La configuración prohíbe pagar más que la deuda: el cliente debe {owed}.',
    'customerPayment.failed': 'No se ha podido registrar el pago.',
  },
  ca: {
    'customerPayment.open': 'Registrar un pagament',
    'customerPayment.title': 'Pagament rebut fora de caixa',
    'customerPayment.explain':
      'Una transferència o un xec rebut per a aquest compte. Paga primer les notes més antigues. El client deu {owed}.',
    'customerPayment.company': 'Establiment que l’ha rebut',
    'customerPayment.amount': 'Import',
    'customerPayment.amount.invalid': 'Introduïu un import en euros, per exemple 1 250,80.',
    'customerPayment.amount.zero': 'L’import ha de ser superior a zero.',
    'customerPayment.amount.tooLarge': 'Un pagament no pot superar 1 000 000 €.',
    'customerPayment.reference': 'Referència de la transferència',
    'customerPayment.reference.hint': 'Opcional: figura a l’extracte i a l’exportació comptable.',
    'customerPayment.signed':
      'El pagament se signa i es registra com una operació de caixa: no es podrà suprimir.',
    'customerPayment.save': 'Registrar el pagament',
    'customerPayment.saving': 'Registrant…',
    'customerPayment.cancel': 'Cancel·lar',
    'customerPayment.recorded':
      'Pagament de {amount} registrat: {notes} nota(es) saldada(es), queden {owed}.',
    'customerPayment.overDebt': 'La configuració prohibeix pagar més que el deute: el client deu {owed}.',
    'customerPayment.failed': 'No s’ha pogut registrar el pagament.',
  },
});
