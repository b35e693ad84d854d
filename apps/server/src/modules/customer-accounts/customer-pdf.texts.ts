import {
  TICKET_DEFAULT_LABEL_FR,
  TICKET_DEFAULT_SUBJECT_FR,
  type ContentLanguage,
} from '@comptoir/contracts';
import { labelled } from '../../platform/pdf/pdf-layout';
import type { AllocOperationKind } from './customer-notes.allocation';

/**
 * The fixed texts of a customer's ticket PDF and statement in each language of the portal (issue 31,
 * item 20): a PDF is written in its reader's language. Amounts, rates and dates keep the French
 * format (`1 234,56 €`, `DD/MM/YYYY`), which is right for Spain and Catalonia too.
 */
export interface CustomerPdfTexts {
  /** The send form's and the « sans détails » line's defaults, as the portal shows them. */
  defaultLabel: string;
  defaultSubject: string;
  ticket: {
    pdfTitle: (customer: string) => string;
    notesHeading: string;
    creditsHeading: string;
    documentNumber: (number: string) => string;
    customer: (name: string) => string;
    siret: (value: string) => string;
    siren: (value: string) => string;
    vatNumber: (value: string) => string;
    issued: (at: string, by: string | null) => string;
    day: (day: string) => string;
    daySubtotal: (day: string) => string;
    vatHeading: string;
    vatLine: (rate: string, base: string) => string;
    notesTotal: (count: number) => string;
    creditsTotal: (count: number) => string;
    creditPaid: (orderNumber: string, day: string) => string;
    creditLeft: string;
    noteHeading: (at: string, orderNumber: string, company: string) => string;
    ticketTotal: string;
    vatIncluded: (rate: string) => string;
    noteTotal: string;
    credit: string;
  };
  statement: {
    pdfTitle: (customer: string) => string;
    title: (start: string, end: string) => string;
    customer: string;
    customerNumber: string;
    company: string;
    siren: string;
    vatNumber: string;
    address: string;
    email: string;
    establishments: string;
    operations: string;
    columns: {
      date: string;
      establishment: string;
      operation: string;
      debit: string;
      credit: string;
      balance: string;
    };
    broughtForward: string;
    periodTotal: string;
    openingOn: (day: string) => string;
    debits: string;
    credits: string;
    closingOn: (day: string) => string;
    owed: (amount: string) => string;
    inCredit: (amount: string) => string;
    issued: (at: string) => string;
    operation: Record<AllocOperationKind, string>;
    note: (orderNumber: number) => string;
  };
}

export const CUSTOMER_PDF_TEXTS: Record<ContentLanguage, CustomerPdfTexts> = {
  fr: {
    defaultLabel: TICKET_DEFAULT_LABEL_FR,
    defaultSubject: TICKET_DEFAULT_SUBJECT_FR,
    ticket: {
      pdfTitle: (customer) => `Notes – ${customer}`,
      notesHeading: 'Relevé de notes',
      creditsHeading: 'Crédits',
      documentNumber: (number) => `Document n° ${number}`,
      customer: (name) => labelled('Client', name),
      siret: (value) => labelled('SIRET', value),
      siren: (value) => labelled('SIREN', value),
      vatNumber: (value) => labelled('N° TVA', value),
      issued: (at, by) => `Édité le ${at}${by ? ` par ${by}` : ''}`,
      day: (day) => `Journée du ${day}`,
      daySubtotal: (day) => `Sous-total du ${day}`,
      vatHeading: 'TVA',
      vatLine: (rate, base) => `TVA ${rate} sur ${base} HT`,
      notesTotal: (count) => `Total TTC (${count} note${count > 1 ? 's' : ''})`,
      creditsTotal: (count) => `Total des crédits (${count})`,
      creditPaid: (orderNumber, day) => `a payé la note n°${orderNumber} du ${day}`,
      creditLeft: 'reste disponible',
      noteHeading: (at, orderNumber, company) => `${at} · Ticket n°${orderNumber} · ${company}`,
      ticketTotal: 'Total du ticket',
      vatIncluded: (rate) => `dont TVA ${rate}`,
      noteTotal: 'Total de la note',
      credit: 'Crédit',
    },
    statement: {
      pdfTitle: (customer) => `Relevé de compte – ${customer}`,
      title: (start, end) => `Relevé de compte du ${start} au ${end}`,
      customer: 'Client',
      customerNumber: 'N° de client',
      company: 'Société',
      siren: 'SIREN',
      vatNumber: 'N° TVA',
      address: 'Adresse',
      email: 'E-mail',
      establishments: 'Établissement(s)',
      operations: 'Opérations',
      columns: {
        date: 'Date',
        establishment: 'Établissement',
        operation: 'Opération',
        debit: 'Débit',
        credit: 'Crédit',
        balance: 'Solde',
      },
      broughtForward: 'Solde reporté',
      periodTotal: 'Total de la période',
      openingOn: (day) => `Solde au ${day} (reporté)`,
      debits: 'Débits de la période',
      credits: 'Crédits de la période',
      closingOn: (day) => `Solde au ${day}`,
      owed: (amount) => `${amount} dû`,
      inCredit: (amount) => `${amount} en crédit`,
      issued: (at) => `Édité le ${at}.`,
      operation: { charge: 'Note', payment: 'Règlement', topup: 'Recharge', refund: 'Remboursement' },
      note: (orderNumber) => `Note n°${orderNumber}`,
    },
  },
  en: {
    defaultLabel: 'Food and drinks',
    defaultSubject: 'Your bill',
    ticket: {
      pdfTitle: (customer) => `Notes – ${customer}`,
      notesHeading: 'Statement of notes',
      creditsHeading: 'Credits',
      documentNumber: (number) => `Document no. ${number}`,
      customer: (name) => labelled('Customer', name, 'en'),
      siret: (value) => labelled('SIRET', value, 'en'),
      siren: (value) => labelled('SIREN', value, 'en'),
      vatNumber: (value) => labelled('VAT no.', value, 'en'),
      issued: (at, by) => `Issued on ${at}${by ? ` by ${by}` : ''}`,
      day: (day) => `Day of ${day}`,
      daySubtotal: (day) => `Subtotal for ${day}`,
      vatHeading: 'VAT',
      vatLine: (rate, base) => `VAT ${rate} on ${base} excl. VAT`,
      notesTotal: (count) => `Total incl. VAT (${count} note${count > 1 ? 's' : ''})`,
      creditsTotal: (count) => `Total of credits (${count})`,
      creditPaid: (orderNumber, day) => `paid note no. ${orderNumber} of ${day}`,
      creditLeft: 'still available',
      noteHeading: (at, orderNumber, company) => `${at} · Ticket no. ${orderNumber} · ${company}`,
      ticketTotal: 'Ticket total',
      vatIncluded: (rate) => `incl. VAT ${rate}`,
      noteTotal: 'Note total',
      credit: 'Credit',
    },
    statement: {
      pdfTitle: (customer) => `Account statement – ${customer}`,
      title: (start, end) => `Account statement from ${start} to ${end}`,
      customer: 'Customer',
      customerNumber: 'Customer no.',
      company: 'Company',
      siren: 'SIREN',
      vatNumber: 'VAT no.',
      address: 'Address',
      email: 'E-mail',
      establishments: 'Establishment(s)',
      operations: 'Operations',
      columns: {
        date: 'Date',
        establishment: 'Establishment',
        operation: 'Operation',
        debit: 'Debit',
        credit: 'Credit',
        balance: 'Balance',
      },
      broughtForward: 'Balance brought forward',
      periodTotal: 'Total for the period',
      openingOn: (day) => `Balance on ${day} (brought forward)`,
      debits: 'Debits for the period',
      credits: 'Credits for the period',
      closingOn: (day) => `Balance on ${day}`,
      owed: (amount) => `${amount} owed`,
      inCredit: (amount) => `${amount} in credit`,
      issued: (at) => `Issued on ${at}.`,
      operation: { charge: 'Note', payment: 'Payment', topup: 'Top-up', refund: 'Refund' },
      note: (orderNumber) => `Note no. ${orderNumber}`,
    },
  },
  es: {
    defaultLabel: 'Consumiciones',
    defaultSubject: 'Su cuenta',
    ticket: {
      pdfTitle: (customer) => `Notas – ${customer}`,
      notesHeading: 'Relación de notas',
      creditsHeading: 'Créditos',
      documentNumber: (number) => `Documento n.º ${number}`,
      customer: (name) => labelled('Cliente', name, 'es'),
      siret: (value) => labelled('SIRET', value, 'es'),
      siren: (value) => labelled('SIREN', value, 'es'),
      vatNumber: (value) => labelled('N.º IVA', value, 'es'),
      issued: (at, by) => `Emitido el ${at}${by ? ` por ${by}` : ''}`,
      day: (day) => `Jornada del ${day}`,
      daySubtotal: (day) => `Subtotal del ${day}`,
      vatHeading: 'IVA',
      vatLine: (rate, base) => `IVA ${rate} sobre una base de ${base}`,
      notesTotal: (count) => `Total con IVA (${count} nota${count > 1 ? 's' : ''})`,
      creditsTotal: (count) => `Total de los créditos (${count})`,
      creditPaid: (orderNumber, day) => `pagó la nota n.º ${orderNumber} del ${day}`,
      creditLeft: 'queda disponible',
      noteHeading: (at, orderNumber, company) => `${at} · Ticket n.º ${orderNumber} · ${company}`,
      ticketTotal: 'Total del ticket',
      vatIncluded: (rate) => `incluye IVA ${rate}`,
      noteTotal: 'Total de la nota',
      credit: 'Crédito',
    },
    statement: {
      pdfTitle: (customer) => `Extracto de cuenta – ${customer}`,
      title: (start, end) => `Extracto de cuenta del ${start} al ${end}`,
      customer: 'Cliente',
      customerNumber: 'N.º de cliente',
      company: 'Empresa',
      siren: 'SIREN',
      vatNumber: 'N.º IVA',
      address: 'Dirección',
      email: 'Correo electrónico',
      establishments: 'Establecimiento(s)',
      operations: 'Operaciones',
      columns: {
        date: 'Fecha',
        establishment: 'Establecimiento',
        operation: 'Operación',
        debit: 'Cargo',
        credit: 'Abono',
        balance: 'Saldo',
      },
      broughtForward: 'Saldo anterior',
      periodTotal: 'Total del período',
      openingOn: (day) => `Saldo al ${day} (anterior)`,
      debits: 'Cargos del período',
      credits: 'Abonos del período',
      closingOn: (day) => `Saldo al ${day}`,
      owed: (amount) => `${amount} pendiente`,
      inCredit: (amount) => `${amount} a favor`,
      issued: (at) => `Emitido el ${at}.`,
      operation: { charge: 'Nota', payment: 'Pago', topup: 'Recarga', refund: 'Reembolso' },
      note: (orderNumber) => `Nota n.º ${orderNumber}`,
    },
  },
  ca: {
    defaultLabel: 'Consumicions',
    defaultSubject: 'El vostre compte',
    ticket: {
      pdfTitle: (customer) => `Notes – ${customer}`,
      notesHeading: 'Relació de notes',
      creditsHeading: 'Crèdits',
      documentNumber: (number) => `Document núm. ${number}`,
      customer: (name) => labelled('Client', name, 'ca'),
      siret: (value) => labelled('SIRET', value, 'ca'),
      siren: (value) => labelled('SIREN', value, 'ca'),
      vatNumber: (value) => labelled('Núm. IVA', value, 'ca'),
      issued: (at, by) => `Emès el ${at}${by ? ` per ${by}` : ''}`,
      day: (day) => `Jornada del ${day}`,
      daySubtotal: (day) => `Subtotal del ${day}`,
      vatHeading: 'IVA',
      vatLine: (rate, base) => `IVA ${rate} sobre una base de ${base}`,
      notesTotal: (count) => `Total amb IVA (${count} ${count > 1 ? 'notes' : 'nota'})`,
      creditsTotal: (count) => `Total dels crèdits (${count})`,
      creditPaid: (orderNumber, day) => `va pagar la nota núm. ${orderNumber} del ${day}`,
      creditLeft: 'queda disponible',
      noteHeading: (at, orderNumber, company) => `${at} · Tiquet núm. ${orderNumber} · ${company}`,
      ticketTotal: 'Total del tiquet',
      vatIncluded: (rate) => `inclou IVA ${rate}`,
      noteTotal: 'Total de la nota',
      credit: 'Crèdit',
    },
    statement: {
      pdfTitle: (customer) => `Extracte de compte – ${customer}`,
      title: (start, end) => `Extracte de compte del ${start} al ${end}`,
      customer: 'Client',
      customerNumber: 'Núm. de client',
      company: 'Empresa',
      siren: 'SIREN',
      vatNumber: 'Núm. IVA',
      address: 'Adreça',
      email: 'Correu electrònic',
      establishments: 'Establiment(s)',
      operations: 'Operacions',
      columns: {
        date: 'Data',
        establishment: 'Establiment',
        operation: 'Operació',
        debit: 'Càrrec',
        credit: 'Abonament',
        balance: 'Saldo',
      },
      broughtForward: 'Saldo anterior',
      periodTotal: 'Total del període',
      openingOn: (day) => `Saldo a ${day} (anterior)`,
      debits: 'Càrrecs del període',
      credits: 'Abonaments del període',
      closingOn: (day) => `Saldo a ${day}`,
      owed: (amount) => `${amount} pendent`,
      inCredit: (amount) => `${amount} a favor`,
      issued: (at) => `Emès el ${at}.`,
      operation: { charge: 'Nota', payment: 'Pagament', topup: 'Recàrrega', refund: 'Reemborsament' },
      note: (orderNumber) => `Nota núm. ${orderNumber}`,
    },
  },
};
