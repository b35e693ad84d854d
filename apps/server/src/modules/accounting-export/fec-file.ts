import {
  ANALYTICS_HEADER,
  analyticsFileName,
  FEC_HEADER,
  FEC_ROW_FIELDS,
  fecAmount,
  neutraliseSpreadsheetCell,
  csvLine,
  quotedCsvLine,
  UTF8_BOM,
  type AccountingCharset,
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

const semicolonLine = (cells: readonly string[]) => csvLine('csv_fr', cells);

/**
 * ISO 8859-15 (issue 30, defect 17): Latin-1 but for the eight positions that hold €, Š, š, Ž, ž, Œ,
 * œ and Ÿ; what it cannot write becomes its plain-ASCII likeness (dashes, quotes, ellipsis), or `?`.
 */
const LATIN9_SPECIAL = new Map([
  ['€', 0xa4],
  ['Š', 0xa6],
  ['š', 0xa8],
  ['Ž', 0xb4],
  ['ž', 0xb8],
  ['Œ', 0xbc],
  ['œ', 0xbd],
  ['Ÿ', 0xbe],
]);
const LATIN1_REPLACED = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);
const ASCII_LIKENESS: Record<string, string> = {
  '—': '-',
  '–': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
};

/** A file's text in its charset: UTF-8 as it is, `latin9` as ISO 8859-15 (without the UTF-8 BOM). */
export function encodeAccountingText(text: string, charset: AccountingCharset): Buffer {
  if (charset !== 'latin9') return Buffer.from(text);
  const bytes: number[] = [];
  for (const char of text.replace(/^\uFEFF/, '')) {
    const special = LATIN9_SPECIAL.get(char);
    const code = char.codePointAt(0)!;
    if (special !== undefined) bytes.push(special);
    else if (code < 0x100 && !LATIN1_REPLACED.has(code)) bytes.push(code);
    else for (const c of ASCII_LIKENESS[char] ?? '?') bytes.push(c.charCodeAt(0));
  }
  return Buffer.from(bytes);
}

/**
 * Whether a file of this format and mode carries the analytic section: the CSV in mode 2, in a 19th
 * column (issue 30, defect 13); the FEC never (its 18 fields are fixed: a companion file holds it).
 */
export const writesAnalytics = (format: AccountingExportFormat, mode: AccountingExportMode): boolean =>
  format !== 'fec' && mode === 2;

export function fileHeader(format: AccountingExportFormat, mode: AccountingExportMode = 1): string {
  if (format === 'fec') return `${FEC_HEADER.join(FEC_SEPARATOR)}${CRLF}`;
  const header = writesAnalytics(format, mode) ? [...FEC_HEADER, ANALYTICS_HEADER] : FEC_HEADER;
  return format === 'csv_fr' ? `${UTF8_BOM}${semicolonLine(header)}` : quotedCsvLine(header);
}

export function fileLine(
  format: AccountingExportFormat,
  row: WrittenRow,
  mode: AccountingExportMode = 1,
): string {
  const cells = cellsOf(row);
  if (format === 'fec') return `${cells.map(fecText).join(FEC_SEPARATOR)}${CRLF}`;
  if (writesAnalytics(format, mode)) cells.push((row.analytics ?? '').replace(CONTROL_MARKS, ''));
  const neutral = cells.map((cell, i) => (i === 11 || i === 12 ? cell : neutraliseSpreadsheetCell(cell)));
  return format === 'csv_fr' ? semicolonLine(neutral) : quotedCsvLine(neutral);
}

/**
 * The FEC's companion file in mode 2 (issue 30, defect 13): each line's entry number, date, account,
 * auxiliary account, label, analytic section and amounts, as a French CSV (semicolons, UTF-8 BOM).
 */
export function analyticsText(rows: readonly FecRow[]): string {
  const header = [
    'EcritureNum',
    'EcritureDate',
    'CompteNum',
    'CompAuxNum',
    'EcritureLib',
    ANALYTICS_HEADER,
    'Debit',
    'Credit',
  ];
  return (
    `${UTF8_BOM}${semicolonLine(header)}` +
    rows
      .map((row) =>
        semicolonLine(
          [
            String(row.ecritureNum),
            row.date,
            row.account,
            row.accountAux,
            row.ecritureLib,
            row.analytics ?? '',
          ]
            .map(neutraliseSpreadsheetCell)
            .concat([fecAmount(row.debit), fecAmount(row.credit)]),
        ),
      )
      .join('')
  );
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
  mode: AccountingExportMode = 1,
): { body: string; lines: number } {
  let body = '';
  let lines = 0;
  for (const [k, entry] of entries.entries()) {
    for (const row of entry.rows)
      body += fileLine(format, { ...row, ecritureNum: `${ENTRY_MARK}${k}${ENTRY_MARK}` }, mode);
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
 * What a FEC file holds, read from its text as it is written: the longest value of each field, the
 * accounts with their labels, and how many lines carry an auxiliary account or a correction. Its
 * description states them (issue 30, defect 12).
 */
export class FecFileFacts {
  readonly longest: number[] = FEC_HEADER.map(() => 0);
  readonly accounts = new Map<string, string>();
  auxiliaryLines = 0;
  correctionLines = 0;

  /** A piece of the file: whole lines (the header among them, which is skipped). */
  read(piece: Buffer): void {
    for (const line of piece.toString('utf8').split(CRLF)) {
      if (line === '' || line.startsWith('JournalCode|')) continue;
      const fields = line.split(FEC_SEPARATOR);
      fields.forEach((value, i) => {
        if (i < this.longest.length && value.length > this.longest[i]!) this.longest[i] = value.length;
      });
      const [account, label, aux, lib] = [
        fields[4] ?? '',
        fields[5] ?? '',
        fields[6] ?? '',
        fields[10] ?? '',
      ];
      if (account && !this.accounts.has(account)) this.accounts.set(account, label);
      if (aux) this.auxiliaryLines += 1;
      if (lib.startsWith('Correction — ')) this.correctionLines += 1;
    }
  }
}

/** Each field's nature, as the arrêté du 29 juillet 2013 names them. */
const FIELD_NATURE: Record<(typeof FEC_HEADER)[number], string> = {
  JournalCode: 'alphanumérique',
  JournalLib: 'alphanumérique',
  EcritureNum: 'numérique (entier)',
  EcritureDate: 'date AAAAMMJJ',
  CompteNum: 'alphanumérique',
  CompteLib: 'alphanumérique',
  CompAuxNum: 'alphanumérique',
  CompAuxLib: 'alphanumérique',
  PieceRef: 'alphanumérique',
  PieceDate: 'date AAAAMMJJ',
  EcritureLib: 'alphanumérique',
  Debit: 'montant (virgule décimale)',
  Credit: 'montant (virgule décimale)',
  EcritureLet: 'alphanumérique',
  DateLet: 'date AAAAMMJJ',
  ValidDate: 'date AAAAMMJJ',
  Montantdevise: 'montant (virgule décimale)',
  Idevise: 'alphanumérique',
};

/**
 * The FEC's description (arrêté du 29 juillet 2013, art. 2): the meaning, nature and longest value
 * of every field, the codes, the accounts the file uses, the character set, the separators, the
 * record layout and how entries are numbered and corrected, written next to the file.
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
  /** The file's charset ('' UTF-8, `latin9` ISO 8859-15). */
  charset?: AccountingCharset;
  facts?: FecFileFacts;
}): string {
  const meanings: Record<(typeof FEC_HEADER)[number], string> = {
    JournalCode: `Code du journal (${params.journal})`,
    JournalLib: `Libellé du journal (${params.journalLib})`,
    EcritureNum:
      "Numéro de l'écriture : donné par le compteur de l'établissement, qui avance à chaque export FEC ; continu d'un export FEC à l'autre (il n'est pas remis à zéro à l'exercice). Toutes les lignes d'une écriture portent le même numéro",
    EcritureDate: "Date de comptabilisation de l'écriture : la journée commerciale (AAAAMMJJ)",
    CompteNum: 'Numéro de compte (plan comptable général), voir la liste des comptes ci-dessous',
    CompteLib: 'Libellé du compte',
    CompAuxNum:
      'Compte auxiliaire du client, sur les seules lignes des comptes clients (411 et avances reçues 4191) : le numéro de compte que vous avez donné au client dans la configuration, à défaut C suivi du numéro du client dans la caisse',
    CompAuxLib: 'Nom du client de ce compte auxiliaire',
    PieceRef:
      'Référence de la pièce : numéro de clôture journalière de l’établissement (Z12), tel que l’écran des clôtures et le rapport Z le montrent ; J + date pour un jour antérieur à sa première journée',
    PieceDate: 'Date de la pièce (AAAAMMJJ)',
    EcritureLib:
      "Libellé de l'écriture : nature du mouvement, établissement et journée ; « Correction — … » pour une ligne de correction",
    Debit: 'Montant au débit, virgule décimale, sans séparateur de milliers, 0,00 pour zéro',
    Credit: 'Montant au crédit, virgule décimale, sans séparateur de milliers, 0,00 pour zéro',
    EcritureLet: 'Lettrage (non utilisé, vide)',
    DateLet: 'Date de lettrage (non utilisée, vide)',
    ValidDate:
      "Date de validation de l'écriture (AAAAMMJJ) : le jour de l'export, ou la date réglée dans la configuration",
    Montantdevise: 'Montant en devise (vide : toutes les écritures sont en euros)',
    Idevise: 'Identifiant de la devise (vide : euro)',
  };
  const facts = params.facts;
  const accounts = facts ? [...facts.accounts].sort(([a], [b]) => a.localeCompare(b)) : [];
  const lines = [
    `Description du fichier des écritures comptables ${params.fileName}`,
    '',
    `Établissement : ${params.companyName} (SIREN ${params.siren})`,
    `Période : du ${params.startDay} au ${params.endDay} (journées commerciales entières)`,
    `Écritures : ${params.firstEcritureNum ?? '-'} à ${params.lastEcritureNum ?? '-'} ; ${params.lines} lignes de mouvement`,
    `Empreinte SHA-256 du fichier : ${params.sha256}`,
    `Présentation des ventes : ${params.mode === 2 ? 'mode 2, détaillé par taux de TVA, compte et section analytique' : 'mode 1, général (ventes regroupées par compte)'}`,
    '',
    'Organisation (article A47 A-1 du Livre des procédures fiscales) :',
    params.charset === 'latin9'
      ? '- fichier texte à plat, jeu de caractères ISO 8859-15 (latin9) ; les caractères qu’il n’a pas sont écrits en ASCII (tirets, apostrophes) ;'
      : '- fichier texte à plat, jeu de caractères UTF-8 sans BOM ;',
    '- une première ligne d’en-tête portant les 18 noms de champs normalisés, puis un enregistrement par ligne de mouvement ;',
    '- séparateur de champs : la barre verticale « | » (code 124) ; fin d’enregistrement : CR LF ;',
    '- montants en euros, virgule décimale, sans séparateur de milliers ; dates au format AAAAMMJJ ;',
    "- chaque écriture (EcritureNum) porte un seul journal, une seule date et une seule pièce, et est équilibrée (total débit = total crédit) ; aucune ligne n'a un débit et un crédit nuls.",
    '',
    'Champs, dans leur ordre (nature ; longueur de la plus longue valeur de ce fichier) :',
    ...FEC_HEADER.map(
      (name, i) =>
        `${String(i + 1).padStart(2, ' ')}. ${name} (${FIELD_NATURE[name]}${facts ? ` ; ${facts.longest[i]} caractères au plus` : ''}) : ${meanings[name]}`,
    ),
    '',
    'Numérotation et corrections :',
    '- un export FEC numérote à la suite du précédent les seules écritures nouvelles : les journées jamais exportées et, pour une journée déjà exportée qui a changé depuis (une vente arrivée en retard, un produit rattaché à un autre compte), une écriture de correction ;',
    '- une écriture de correction porte la même date et la même pièce que la journée qu’elle corrige ; ses lignes, libellées « Correction — … », portent la différence compte par compte entre la journée telle qu’elle est et ce que les exports précédents ont écrit, et s’équilibrent ;',
    '- les écritures déjà exportées ne changent jamais ; un export CSV reprend les mêmes écritures et les mêmes numéros sans en consommer ;',
    "- le compteur ne recule jamais ; l'avancer au-delà du numéro suivant laisse des numéros inutilisés et est inscrit au journal technique (JET 42).",
    ...(facts
      ? [
          `- ce fichier : ${facts.correctionLines} ligne(s) de correction, ${facts.auxiliaryLines} ligne(s) de compte client avec compte auxiliaire.`,
        ]
      : []),
    '',
    'Écritures produites par journée et établissement :',
    '- débits : encaissements par compte de moyen de paiement, ventes sur compte client au compte client (411), ou aux avances reçues (4191) tant que le client y a du crédit ;',
    '- crédits : ventes hors taxes par taux de TVA et compte de produit, TVA collectée par taux, pourboires et trop-perçus ;',
    '- remises : les ventes sont créditées nettes de remises, sans écriture de remise ; au réglage « ventes brutes », ventes créditées avant remise et remises hors taxes au débit du compte de remises (709) par taux ;',
    '- offerts : non comptabilisés (un article offert n’a pas de prix de vente, le catalogue ne porte pas de coût) ; le fonds de caisse, qui reste dans le tiroir d’un jour à l’autre, ne l’est pas non plus : seules ses variations le sont, sur la paire de comptes de fonds de caisse quand elle est réglée ;',
    '- un écart d’arrondi éventuel va au compte de régularisation ; les règlements de comptes clients forment une écriture distincte : ce qu’un client verse au-delà de ce qu’il doit (recharge d’un compte prépayé, trop-versé) est crédité aux avances reçues (4191), le reste au compte client (411) ;',
    ...(params.mode === 2
      ? [
          `- sections analytiques (mode détaillé) : le FEC n’a pas de champ pour elles ; chaque ligne retrouve la sienne, par numéro d’écriture et compte, dans le fichier compagnon ${analyticsFileName(params.fileName)} (comptes de ventes, de TVA et de paiement configurés ; vide pour les autres) ;`,
        ]
      : []),
    '- journal de caisse : une écriture distincte ; remises en banque D 580 / C caisse, apports en caisse D caisse / C 580, dépenses payées en espèces D 606 / C caisse (TTC : les caisses n’enregistrent pas leur TVA), écarts de comptage D 658 / C caisse (manquant) ou D caisse / C 758 (excédent) ; la caisse varie ainsi chaque jour de l’argent compté moins les fonds de caisse ;',
    '- avoirs émis : une écriture distincte ; un avoir sur une vente est une réduction de prix (709 hors taxes par taux, TVA reprise au compte de TVA du taux), un avoir sans vente un cadeau (6234), crédités TTC au compte du moyen de paiement « avoir » (4191), avec le client quand il est connu ; son usage est un encaissement par ce moyen de paiement, au débit du même compte.',
    ...(accounts.length > 0
      ? [
          '',
          'Comptes utilisés dans ce fichier :',
          ...accounts.map(([number, label]) => `- ${number} : ${label}`),
        ]
      : []),
    '',
  ];
  return lines.join(CRLF);
}

export function descriptionFileName(fileName: string): string {
  return fileName.replace(/\.txt$/, '') + '-description.txt';
}
