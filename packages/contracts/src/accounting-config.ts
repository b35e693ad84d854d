// `exportVat/*` configuration calls (spec 3 §3, §7): accounts, links, VAT keys, entry counter.
export const ACCOUNTING_DEFAULT_ANALYTICS = 'Défaut';
