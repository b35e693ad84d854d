import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import type { ContentLanguage } from '@comptoir/contracts';
import type { CompanyTable } from '../../db/schema/identity';
import { SERVER_VERSION, SOFTWARE_NAME } from '../version';

/** What a printed document says of the establishment (data-host's `findCompanyIdentity` reads it). */
export type PrintedEstablishment = Pick<
  CompanyTable,
  | 'company_name'
  | 'legal_name'
  | 'siret'
  | 'vat_number'
  | 'naf_code'
  | 'address_street'
  | 'address_zipcode'
  | 'address_city'
>;

/** Liberation Sans (GPL with the font exception, see fonts/): embedded, so every viewer shows the same. */
const FONT_FILES = {
  regular: new URL('./fonts/LiberationSans-Regular.ttf', import.meta.url),
  bold: new URL('./fonts/LiberationSans-Bold.ttf', import.meta.url),
};
let fontBytes: { regular: Buffer; bold: Buffer } | null = null;
function fonts() {
  fontBytes ??= { regular: fs.readFileSync(FONT_FILES.regular), bold: fs.readFileSync(FONT_FILES.bold) };
  return fontBytes;
}

export const PAGE_MARGIN = 48;
const NBSP = '\u00a0';
const INK = '#1f2328';
const MUTED = '#59636e';
const RULE = '#d0d7de';

/** Cents in the French way: `1 234,50 €` (no-break spaces, so an amount never wraps). */
export function formatEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${sign}${units},${String(abs % 100).padStart(2, '0')}${NBSP}€`;
}

/** A rate as a fraction (0.055) in the French way: `5,5 %`. */
export function formatRate(rate: number): string {
  return `${String(Math.round(rate * 10000) / 100).replace('.', ',')}${NBSP}%`;
}

/**
 * The kit's own words in each language of the portal (issue 31, item 20): the fiscal documents are
 * French; a customer's ticket or statement is in its reader's language.
 */
const LAYOUT_TEXTS: Record<
  ContentLanguage,
  { tag: string; software: string; certificate: string; siret: string; vat: string; naf: string }
> = {
  fr: {
    tag: 'fr-FR',
    software: 'Logiciel',
    certificate: 'Certificat',
    siret: 'SIRET',
    vat: 'N° TVA intracommunautaire',
    naf: 'Code NAF',
  },
  en: {
    tag: 'en-GB',
    software: 'Software',
    certificate: 'Certificate',
    siret: 'SIRET',
    vat: 'EU VAT no.',
    naf: 'NAF code',
  },
  es: {
    tag: 'es-ES',
    software: 'Software',
    certificate: 'Certificado',
    siret: 'SIRET',
    vat: 'NIF-IVA intracomunitario',
    naf: 'Código NAF',
  },
  ca: {
    tag: 'ca-ES',
    software: 'Programari',
    certificate: 'Certificat',
    siret: 'SIRET',
    vat: 'NIF-IVA intracomunitari',
    naf: 'Codi NAF',
  },
};

/** The language tag a document declares (`fr-FR`…). */
export const pdfLanguageTag = (language: ContentLanguage) => LAYOUT_TEXTS[language].tag;

/** « Libellé : valeur » in French typography, « Label: value » in the other languages. */
export const labelled = (label: string, value: string, language: ContentLanguage = 'fr') =>
  `${label}${language === 'fr' ? ' : ' : ': '}${value}`;

/** What a certified system prints on its documents next to the signature: the software and its certificate. */
export interface SoftwareIdentity {
  software: string;
  certificate: string;
}

/**
 * « Logiciel : Comptoir 0.1.0 » and « Certificat : {reference} » (CERTIFICATE_REFERENCE), the labels in
 * the document's language; the reference is printed as configured.
 */
export function softwareIdentity(
  certificateReference: string,
  language: ContentLanguage = 'fr',
): SoftwareIdentity {
  const texts = LAYOUT_TEXTS[language];
  return {
    software: labelled(texts.software, `${SOFTWARE_NAME} ${SERVER_VERSION}`, language),
    certificate: labelled(texts.certificate, certificateReference, language),
  };
}

/** The identity on one line, as the A4 documents print it. */
export const softwareIdentityLine = (identity: SoftwareIdentity) =>
  `${identity.software} — ${identity.certificate}`;

export type Doc = PDFKit.PDFDocument;

/** A document with the embedded fonts registered as `regular` and `bold` (the customer tickets too). */
export function createFontedDocument(options: PDFKit.PDFDocumentOptions): Doc {
  const { regular, bold } = fonts();
  const doc = new PDFDocument(options);
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  return doc;
}

/** An A4 document with the embedded fonts registered as `regular` and `bold`. */
export function createDocument(title: string, language: ContentLanguage = 'fr'): Doc {
  const doc = createFontedDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: title, Author: 'Comptoir', Creator: 'Comptoir' },
    lang: pdfLanguageTag(language),
    font: FONT_FILES.regular.pathname,
  });
  doc.font('regular').fillColor(INK);
  return doc;
}

export function renderToBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const contentWidth = (doc: Doc) => doc.page.width - 2 * PAGE_MARGIN;

/** The establishment as a French receipt names it: trade name, legal name, address, SIRET, VAT number. */
export function drawEstablishment(
  doc: Doc,
  company: PrintedEstablishment,
  language: ContentLanguage = 'fr',
): void {
  const texts = LAYOUT_TEXTS[language];
  doc.font('bold').fontSize(16).text(company.company_name);
  doc.font('regular').fontSize(9).fillColor(MUTED);
  const lines = [
    company.legal_name,
    company.address_street,
    [company.address_zipcode, company.address_city].filter(Boolean).join(' '),
    `${labelled(texts.siret, company.siret ?? '—', language)}    ${labelled(texts.vat, company.vat_number ?? '—', language)}`,
    company.naf_code ? labelled(texts.naf, company.naf_code, language) : null,
  ];
  for (const line of lines) if (line) doc.text(line);
  doc.fillColor(INK).moveDown(0.8);
}

/** The document's title, and « DUPLICATA » with its number on the right. */
export function drawTitle(doc: Doc, title: string, duplicate: number | null): void {
  const top = doc.y;
  doc
    .font('bold')
    .fontSize(14)
    .text(title, PAGE_MARGIN, top, { width: contentWidth(doc) * 0.65 });
  const bottom = doc.y;
  if (duplicate !== null) {
    const box = { width: 150, height: 22 };
    const x = doc.page.width - PAGE_MARGIN - box.width;
    doc
      .save()
      .lineWidth(1.5)
      .strokeColor('#b42318')
      .rect(x, top - 2, box.width, box.height)
      .stroke()
      .restore();
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('#b42318')
      .text(`DUPLICATA n°${duplicate}`, x, top + 4, { width: box.width, align: 'center' })
      .fillColor(INK);
  }
  doc.x = PAGE_MARGIN;
  doc.y = Math.max(bottom, top + 24) + 6;
}

/** Label / value pairs, two to a row. */
export function drawFacts(doc: Doc, facts: [string, string][], language: ContentLanguage = 'fr'): void {
  const half = contentWidth(doc) / 2;
  doc.fontSize(9.5);
  for (let i = 0; i < facts.length; i += 2) {
    ensureRoom(doc, 14);
    const top = doc.y;
    let bottom = top;
    facts.slice(i, i + 2).forEach(([label, value], j) => {
      doc.font('bold').text(labelled(label, '', language), PAGE_MARGIN + j * half, top, {
        continued: true,
        width: half - 8,
      });
      doc.font('regular').text(value);
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = PAGE_MARGIN;
    doc.y = bottom + 2;
  }
  doc.moveDown(0.4);
}

export function drawSection(doc: Doc, title: string): void {
  ensureRoom(doc, 60);
  doc.moveDown(0.2);
  doc.font('bold').fontSize(11).fillColor(INK).text(title, PAGE_MARGIN, doc.y);
  const y = doc.y + 2;
  doc
    .save()
    .strokeColor(RULE)
    .lineWidth(0.8)
    .moveTo(PAGE_MARGIN, y)
    .lineTo(doc.page.width - PAGE_MARGIN, y)
    .stroke();
  doc.restore();
  doc.y = y + 5;
}

export interface Column {
  header: string;
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right' | 'center';
}

function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - PAGE_MARGIN) {
    doc.addPage();
    doc.y = PAGE_MARGIN;
  }
}

function drawRow(
  doc: Doc,
  columns: Column[],
  cells: string[],
  options: { isBold?: boolean; isHeader?: boolean },
) {
  const total = contentWidth(doc);
  doc.font(options.isBold || options.isHeader ? 'bold' : 'regular').fontSize(options.isHeader ? 8.5 : 9.5);
  const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width * total - 6 }));
  const height = Math.max(11, ...heights);
  ensureRoom(doc, height + 3);
  const top = doc.y;
  if (options.isHeader) {
    doc
      .save()
      .rect(PAGE_MARGIN, top - 2, total, height + 4)
      .fill('#f3f4f6')
      .restore();
  }
  doc.fillColor(options.isHeader ? MUTED : INK);
  let x = PAGE_MARGIN;
  cells.forEach((cell, i) => {
    const column = columns[i]!;
    doc.text(cell, x + 3, top, { width: column.width * total - 6, align: column.align ?? 'left' });
    x += column.width * total;
  });
  doc.fillColor(INK);
  doc.x = PAGE_MARGIN;
  doc.y = top + height + 3;
  if (options.isBold) {
    doc
      .save()
      .strokeColor(RULE)
      .lineWidth(0.5)
      .moveTo(PAGE_MARGIN, top - 2)
      .lineTo(PAGE_MARGIN + total, top - 2)
      .stroke();
    doc.restore();
  }
}

/** A table with a header row, body rows, and an optional bold total row. */
export function drawTable(doc: Doc, columns: Column[], rows: string[][], totalRow?: string[]): void {
  drawRow(
    doc,
    columns,
    columns.map((c) => c.header),
    { isHeader: true },
  );
  for (const row of rows) drawRow(doc, columns, row, {});
  if (totalRow) drawRow(doc, columns, totalRow, { isBold: true });
  doc.moveDown(0.25);
}

/** Label on the left, amount on the right; bold for totals. */
export function drawAmountLines(doc: Doc, lines: { label: string; value: string; isBold?: boolean }[]): void {
  const columns: Column[] = [
    { header: '', width: 0.7 },
    { header: '', width: 0.3, align: 'right' },
  ];
  for (const line of lines) drawRow(doc, columns, [line.label, line.value], { isBold: line.isBold ?? false });
  doc.moveDown(0.25);
}

/** The software's identity as small print, beside a document's signature. */
export function drawSoftwareIdentity(doc: Doc, identity: SoftwareIdentity): void {
  drawNote(doc, softwareIdentityLine(identity));
}

/** Small print at the foot of the content: edition time, signature. */
export function drawNote(doc: Doc, text: string): void {
  ensureRoom(doc, 24);
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(text, PAGE_MARGIN, doc.y, { width: contentWidth(doc) });
  doc.fillColor(INK);
}
