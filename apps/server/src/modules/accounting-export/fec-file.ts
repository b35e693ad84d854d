import {
  FEC_HEADER,
  FEC_ROW_FIELDS,
  fecAmount,
  neutraliseSpreadsheetCell,
  quotedCsvLine,
  type AccountingExportFormat,
  type AccountingExportMode,
  type FecRow,
} from '@comptoir/contracts';

/**
 * The text of the accounting files (spec 3 §9, article A47 A-1 of the Livre des procédures fiscales):
 * the FEC is UTF-8, pipe separated, CRLF, a header of the 18 standard names; the CSV is comma separated
 * with every value quoted and text neutralised against formulas; the French CSV (`csv_fr`) the same
 * with semicolons and the UTF-8 byte-order mark a French spreadsheet needs to open it in columns; all
 * write amounts `1234,56`.
 */

export const FEC_SEPARATOR = '|';
export const CRLF = '\r\n';

/** A field of a FEC line: the separator, CR and LF cannot appear inside it. */
const fecText = (value: string) => value.replace(/[|\r\n\t]+/g, ' ').trim();

// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL_MARKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/** A line to write: its entry number, or the marker of the day's k-th entry in a kept day's text. */
type WrittenRow = Omit<FecRow, 'ecritureNum'> & { ecritureNum: number | string };

function cellsOf(row: WrittenRow): string[] {
  return FEC_ROW_FIELDS.map((field) => {
    const value = row[field];
    if (field === 'debit' || field === 'credit') return fecAmount(value as number);
    if (field === 'ecritureNum' || field === 'validDate') return String(value);
    // Control characters mean nothing in an accounting file (and two mark a kept day's text).
    return String(value).replace(CONTROL_MARKS, '');
  });
}

/** The byte-order mark that tells a spreadsheet the file is UTF-8. */
const UTF8_BOM = '\uFEFF';

/** A quoted CSV line with semicolons (the cells are quoted, so a semicolon inside one is safe). */
const semicolonLine = (cells: readonly string[]) =>
  `${cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(';')}${CRLF}`;

export function fileHeader(format: AccountingExportFormat): string {
  if (format === 'fec') return `${FEC_HEADER.join(FEC_SEPARATOR)}${CRLF}`;
  return format === 'csv_fr' ? `${UTF8_BOM}${semicolonLine(FEC_HEADER)}` : quotedCsvLine(FEC_HEADER);
}

export function fileLine(format: AccountingExportFormat, row: WrittenRow): string {
  const cells = cellsOf(row);
  if (format === 'fec') return `${cells.map(fecText).join(FEC_SEPARATOR)}${CRLF}`;
  const neutral = cells.map((cell, i) => (i === 11 || i === 12 ? cell : neutraliseSpreadsheetCell(cell)));
  return format === 'csv_fr' ? semicolonLine(neutral) : quotedCsvLine(neutral);
}

/**
 * A kept day's text (migration 025): its entries' lines with the k-th entry's number written
 * `\u0001k\u0001` and the validation date `\u0002` (the entries built with `VALID_DATE_MARK` as export
 * day), neither of which a line can otherwise hold; `numberDayBytes` writes the real ones.
 */
const ENTRY_MARK = '\u0001';
export const VALID_DATE_MARK = '\u0002';

export function dayText(
  format: AccountingExportFormat,
  entries: { rows: Omit<FecRow, 'ecritureNum'>[] }[],
): { body: string; lines: number } {
  let body = '';
  let lines = 0;
  for (const [k, entry] of entries.entries()) {
    for (const row of entry.rows)
      body += fileLine(format, { ...row, ecritureNum: `${ENTRY_MARK}${k}${ENTRY_MARK}` });
    lines += entry.rows.length;
  }
  return { body, lines };
}

/**
 * A kept day's text (its UTF-8 bytes, `body` from `start` to `end`) with its entries numbered from
 * `next` and the validation date written. The bytes are handled as Latin-1 (one character per byte,
 * either way without loss) and never decoded: the marks are ASCII control bytes, which UTF-8 never
 * uses inside a character.
 */
export function numberDayBytes(
  body: Buffer,
  start: number,
  end: number,
  next: number,
  validDate: string,
): Buffer {
  const parts = body.toString('latin1', start, end).replaceAll(VALID_DATE_MARK, validDate).split(ENTRY_MARK);
  // Every other part is an entry's index in the day; the lines of an entry share its number.
  const numbers: string[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const k = Number(parts[i]);
    parts[i] = numbers[k] ??= String(next + k);
  }
  return Buffer.from(parts.join(''), 'latin1');
}

/**
 * The FEC's description (arrêté du 29 juillet 2013, art. 2): the meaning of every field and code, the
 * character set, the separators and the record layout, written next to the file.
 */
export function fecDescription(params: {
  fileName: string;
  companyName: string;
  siren: string;
  startDay: string;
  endDay: string;
  mode: AccountingExportMode;
  journal: string;
  journalLib: string;
  lines: number;
  firstEcritureNum: number | null;
  lastEcritureNum: number | null;
  sha256: string;
}): string {
  const fields: [string, string][] = [
    ['JournalCode', `Code du journal (${params.journal})`],
    ['JournalLib', `Libellé du journal (${params.journalLib})`],
    ['EcritureNum', "Numéro de l'écriture, continu par journal et par exercice"],
    ['EcritureDate', "Date de comptabilisation de l'écriture : la journée d'activité (AAAAMMJJ)"],
    ['CompteNum', 'Numéro de compte (plan comptable général)'],
    ['CompteLib', 'Libellé du compte'],
    ['CompAuxNum', 'Numéro de compte auxiliaire : renseigné sur les seules lignes de comptes clients (411)'],
    ['CompAuxLib', 'Libellé du compte auxiliaire (nom du client)'],
    [
      'PieceRef',
      'Référence de la pièce : numéro de la clôture journalière (Z) de la caisse, J + date à défaut',
    ],
    ['PieceDate', 'Date de la pièce (AAAAMMJJ)'],
    ['EcritureLib', "Libellé de l'écriture : nature du mouvement, établissement et journée"],
    ['Debit', 'Montant au débit, virgule décimale, sans séparateur de milliers, 0,00 pour zéro'],
    ['Credit', 'Montant au crédit, virgule décimale, sans séparateur de milliers, 0,00 pour zéro'],
    ['EcritureLet', 'Lettrage (non utilisé, vide)'],
    ['DateLet', 'Date de lettrage (non utilisée, vide)'],
    ['ValidDate', "Date de validation de l'écriture (AAAAMMJJ)"],
    ['Montantdevise', 'Montant en devise (vide : toutes les écritures sont en euros)'],
    ['Idevise', 'Identifiant de la devise (vide : euro)'],
  ];
  const lines = [
    `Description du fichier des écritures comptables ${params.fileName}`,
    '',
    `Établissement : ${params.companyName} (SIREN ${params.siren})`,
    `Période : du ${params.startDay} au ${params.endDay}`,
    `Écritures : ${params.firstEcritureNum ?? '-'} à ${params.lastEcritureNum ?? '-'} ; ${params.lines} lignes de mouvement`,
    `Empreinte SHA-256 du fichier : ${params.sha256}`,
    `Présentation des ventes : ${params.mode === 2 ? 'mode 2, détaillé par taux de TVA, compte et section analytique' : 'mode 1, général (ventes regroupées par compte)'}`,
    '',
    'Organisation (article A47 A-1 du Livre des procédures fiscales) :',
    '- fichier texte à plat, jeu de caractères UTF-8 sans BOM ;',
    '- une première ligne d’en-tête portant les 18 noms de champs normalisés, puis un enregistrement par ligne de mouvement ;',
    '- séparateur de champs : la barre verticale « | » (code 124) ; fin d’enregistrement : CR LF ;',
    '- montants en euros, virgule décimale, sans séparateur de milliers ; dates au format AAAAMMJJ ;',
    "- chaque écriture (EcritureNum) porte un seul journal, une seule date et une seule pièce, et est équilibrée (total débit = total crédit) ; aucune ligne n'a un débit et un crédit nuls.",
    '',
    'Champs, dans leur ordre :',
    ...fields.map(([name, meaning], i) => `${String(i + 1).padStart(2, ' ')}. ${name} : ${meaning}`),
    '',
    'Écritures produites par journée et établissement :',
    '- débits : encaissements par compte de moyen de paiement, ventes sur compte client au compte client (411) ;',
    '- crédits : ventes hors taxes par taux de TVA et compte de produit, TVA collectée par taux, pourboires et trop-perçus ;',
    '- remises et offerts : paire charge / contrepartie ; le fonds de caisse, qui reste dans le tiroir d’un jour à l’autre, n’est pas comptabilisé ;',
    '- un écart d’arrondi éventuel va au compte de régularisation ; les règlements de comptes clients forment une écriture distincte.',
    '',
  ];
  return lines.join(CRLF);
}

export function descriptionFileName(fileName: string): string {
  return fileName.replace(/\.txt$/, '') + '-description.txt';
}
