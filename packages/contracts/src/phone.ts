/**
 * Phone numbers, one rule for every stored phone (issue 31, item 9; spec 3 §3): stored as '+', the
 * 2-digit country code, then the national number without its leading 0 ('+33749687440'); shown one
 * way everywhere (a French number as '07 49 68 74 40'); searched by digits whatever the spacing or
 * prefix the user types.
 */

/** What people put between digits. */
export const PHONE_SEPARATORS = /[\s.\-()/]/g;

/** The country code of a number typed without one (a French back office). */
export const DEFAULT_PHONE_COUNTRY = '33';

/**
 * The stored form of a phone as typed or sent by a register: '+CC…' or '00CC…' keep their code, a
 * 10-digit national number ('07 49 68 74 40') takes +33; null when blank. A text that is no phone
 * number (letters, too few digits) gives `undefined`: the caller keeps it as it came or refuses it.
 */
export function normalisePhone(raw: string | null | undefined): string | null | undefined {
  const text = (raw ?? '').replace(PHONE_SEPARATORS, '');
  if (text === '') return null;
  const international = /^(?:\+|00)(\d{2})(\d{4,15})$/.exec(text);
  if (international) return `+${international[1]}${international[2]!.replace(/^0/, '')}`;
  if (/^0\d{9}$/.test(text)) return `+${DEFAULT_PHONE_COUNTRY}${text.slice(1)}`;
  return undefined;
}

/** What is stored of a phone a register sends: its stored form, null when blank, else the text as sent. */
export function phoneToStore(raw: string | null | undefined): string | null {
  const normalised = normalisePhone(raw);
  return normalised === undefined ? raw!.trim() : normalised;
}

/** A stored phone as people read it: '07 49 68 74 40' in France, '+44 20 79 46 09 58' abroad. */
export function formatPhone(stored: string | null | undefined): string {
  const text = (stored ?? '').trim();
  const parts = /^\+(\d{2})(\d+)$/.exec(text);
  if (!parts) return text;
  const pairs = (digits: string) => digits.match(/\d{1,2}/g)!.join(' ');
  if (parts[1] === DEFAULT_PHONE_COUNTRY && parts[2]!.length === 9) return pairs(`0${parts[2]}`);
  return `+${parts[1]} ${pairs(parts[2]!)}`;
}

/** The digit forms a stored phone is found by: with its country code, and national (leading 0). */
export function phoneSearchForms(stored: string | null | undefined): string[] {
  const parts = /^\+(\d{2})(\d+)$/.exec((stored ?? '').trim());
  if (!parts) return [];
  return [`${parts[1]}${parts[2]}`, `0${parts[2]}`];
}

/**
 * The digits a search text stands for when it reads as (part of) a phone number: at least three
 * digits and nothing but digits, separators and a leading '+' ('07 49 68' → '074968', '+33749' →
 * '33749', '0033 7' → '337'); null otherwise.
 */
export function phoneSearchDigits(query: string): string | null {
  const text = query.trim().replace(PHONE_SEPARATORS, '');
  if (!/^\+?\d{3,}$/.test(text)) return null;
  return text.replace(/^\+/, '').replace(/^00/, '');
}

/**
 * The lowercased text a customer account is searched in (the list's search, spec 3 §2): names,
 * e-mail, the phone as stored and in its digit forms, card number and company name.
 */
export function customerSearchText(fields: {
  lastname: string | null;
  firstname: string | null;
  email: string | null;
  phone: string | null;
  cardNumber: string | null;
  companyName: string | null;
}): string {
  const { lastname, firstname, email, phone, cardNumber, companyName } = fields;
  return [lastname, firstname, email, phone, ...phoneSearchForms(phone), cardNumber, companyName]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}
