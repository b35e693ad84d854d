import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { SERVER_VERSION, SOFTWARE_NAME } from '../../platform/version';
import type { Guide, GuideBlock } from './documentation.guides';

/**
 * Renders a guide of `documentation.guides.ts` as an A4 PDF: a cover (colour band, title, subtitle,
 * author, edition, contents), then the sections, a footer with the page number on every page but the
 * cover. Liberation Sans (platform/pdf's fonts) for the text, Courier for commands. The creation date is
 * the guide's edition date, so two runs give the same text.
 */
const FONT_DIR = new URL('../../platform/pdf/fonts/', import.meta.url);
const MARGIN = 56;
const INK = '#1e2427';
const MUTED = '#5c6769';
const RULE = '#e2ddd4';
const SOFT = '#f5f3ef';
const FOOTER_HEIGHT = 28;

/** The edition the guides describe, printed on every cover. */
export const GUIDE_EDITION_DATE = new Date('2026-11-26T00:00:00Z');
const EDITION_LABEL = 'novembre 2026';

const EDITION_WORDS: Record<Guide['edition'], string> = {
  suite: 'Édition Comptoir Suite',
  standard: 'Édition standard',
  both: 'Toutes éditions',
};

export function renderGuide(guide: Guide): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: guide.title,
      Author: guide.author,
      Subject: guide.subtitle,
      Creator: `${SOFTWARE_NAME} ${SERVER_VERSION}`,
      Producer: SOFTWARE_NAME,
      CreationDate: GUIDE_EDITION_DATE,
      ModDate: GUIDE_EDITION_DATE,
    },
    lang: 'fr-FR',
    displayTitle: true,
  });
  doc.registerFont('regular', fs.readFileSync(new URL('LiberationSans-Regular.ttf', FONT_DIR)));
  doc.registerFont('bold', fs.readFileSync(new URL('LiberationSans-Bold.ttf', FONT_DIR)));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  cover(doc, guide);
  doc.addPage();
  for (const block of guide.blocks) renderBlock(doc, guide, block);
  footers(doc, guide);
  doc.end();
  return done;
}

type Doc = PDFKit.PDFDocument;

const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** A new page unless `height` points still fit on this one. */
function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

function cover(doc: Doc, guide: Guide): void {
  const width = doc.page.width;
  doc.rect(0, 0, width, 300).fill(guide.color);
  doc.rect(0, 300, width, 8).fill('#e8b487');
  // The counter and its stools, the project's mark, in outline.
  doc.save().lineWidth(3).strokeColor('#ffffff').opacity(0.25);
  doc.roundedRect(width - 210, 90, 150, 26, 6).stroke();
  for (const x of [width - 190, width - 135, width - 80]) {
    doc.circle(x, 150, 12).stroke();
    doc.moveTo(x, 162).lineTo(x, 200).stroke();
  }
  doc.restore();
  doc.opacity(1);
  doc.font('bold').fontSize(12).fillColor('#e8b487').text(SOFTWARE_NAME.toUpperCase(), MARGIN, 64, {
    characterSpacing: 3,
  });
  doc
    .font('bold')
    .fontSize(28)
    .fillColor('#ffffff')
    .text(guide.title, MARGIN, 150, { width: width - MARGIN * 2 - 170, lineGap: 2 });
  doc.moveDown(0.5);
  doc
    .font('regular')
    .fontSize(13)
    .fillColor('#ffffff')
    .text(guide.subtitle, { width: width - MARGIN * 2 - 170 });

  doc.y = 340;
  doc.fillColor(INK);
  doc.font('bold').fontSize(11).text('Auteur', MARGIN);
  doc.font('regular').fontSize(11).fillColor(MUTED).text(guide.author);
  doc.moveDown(0.6);
  doc.font('bold').fillColor(INK).text('Édition');
  doc
    .font('regular')
    .fillColor(MUTED)
    .text(`${EDITION_WORDS[guide.edition]} — ${SOFTWARE_NAME} ${SERVER_VERSION} — ${EDITION_LABEL}`);
  doc.moveDown(1.4);

  doc.font('bold').fontSize(14).fillColor(INK).text('Sommaire');
  doc.moveDown(0.4);
  const headings = guide.blocks.filter((b) => b.kind === 'heading');
  doc.font('regular').fontSize(11).fillColor(INK);
  for (const heading of headings) {
    doc.text(`•  ${heading.text}`, MARGIN + 6, doc.y, { width: contentWidth(doc) - 6, lineGap: 3 });
  }
}

function renderBlock(doc: Doc, guide: Guide, block: GuideBlock): void {
  const width = contentWidth(doc);
  switch (block.kind) {
    case 'heading': {
      ensureRoom(doc, 90);
      if (doc.y > doc.page.margins.top + 1) doc.moveDown(0.8);
      doc.font('bold').fontSize(16).fillColor(guide.color).text(block.text, MARGIN, doc.y, { width });
      const y = doc.y + 3;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + 60, y)
        .lineWidth(2)
        .strokeColor('#e8b487')
        .stroke();
      doc.y = y + 10;
      return;
    }
    case 'subheading':
      ensureRoom(doc, 110);
      doc.moveDown(0.4);
      doc.font('bold').fontSize(12).fillColor(INK).text(block.text, MARGIN, doc.y, { width });
      doc.moveDown(0.3);
      return;
    case 'paragraph':
      ensureRoom(doc, 30);
      doc
        .font('regular')
        .fontSize(10.5)
        .fillColor(INK)
        .text(block.text, MARGIN, doc.y, { width, lineGap: 2.5, align: 'left' });
      doc.moveDown(0.6);
      return;
    case 'bullets':
    case 'steps':
      doc.font('regular').fontSize(10.5).fillColor(INK);
      block.items.forEach((item, i) => {
        const marker = block.kind === 'steps' ? `${i + 1}.` : '•';
        const height = doc.heightOfString(item, { width: width - 22, lineGap: 2.5 });
        ensureRoom(doc, Math.min(height, 60));
        const y = doc.y;
        doc
          .font(block.kind === 'steps' ? 'bold' : 'regular')
          .fillColor(block.kind === 'steps' ? guide.color : MUTED)
          .text(marker, MARGIN + 4, y, { width: 18 });
        doc
          .font('regular')
          .fillColor(INK)
          .text(item, MARGIN + 22, y, { width: width - 22, lineGap: 2.5 });
        doc.moveDown(0.25);
      });
      doc.moveDown(0.4);
      return;
    case 'code': {
      doc.font('Courier').fontSize(7.2);
      const lines = block.text.split('\n');
      const lineHeight = doc.currentLineHeight(true) + 1.2;
      let i = 0;
      while (i < lines.length) {
        ensureRoom(doc, lineHeight * 3 + 12);
        const room = Math.floor((bottom(doc) - doc.y - 12) / lineHeight);
        const chunk: string[] = [];
        let used = 0;
        while (i < lines.length) {
          const need = Math.max(
            1,
            Math.ceil(
              doc.heightOfString(lines[i] || ' ', { width: width - 16, lineGap: 1.2 }) / lineHeight - 0.01,
            ),
          );
          if (used + need > room && chunk.length > 0) break;
          chunk.push(lines[i]!);
          used += need;
          i += 1;
        }
        const text = chunk.join('\n');
        const height = doc.heightOfString(text, { width: width - 16, lineGap: 1.2 });
        const top = doc.y;
        doc.rect(MARGIN, top, width, height + 12).fill(SOFT);
        doc.rect(MARGIN, top, 3, height + 12).fill(guide.color);
        doc
          .fillColor(INK)
          .font('Courier')
          .fontSize(7.2)
          .text(text, MARGIN + 10, top + 6, { width: width - 16, lineGap: 1.2 });
        doc.y = top + height + 12;
        if (i < lines.length) doc.addPage();
      }
      doc.moveDown(0.7);
      return;
    }
    case 'note': {
      doc.font('regular').fontSize(10);
      const height = doc.heightOfString(block.text, { width: width - 28, lineGap: 2 });
      ensureRoom(doc, height + 20);
      const top = doc.y;
      doc.roundedRect(MARGIN, top, width, height + 18, 6).fill('#eaf1f0');
      doc
        .fillColor(INK)
        .font('regular')
        .fontSize(10)
        .text(block.text, MARGIN + 14, top + 9, { width: width - 28, lineGap: 2 });
      doc.y = top + height + 18;
      doc.moveDown(0.8);
      return;
    }
    case 'table':
      renderTable(doc, guide, block);
      return;
  }
}

function renderTable(doc: Doc, guide: Guide, block: Extract<GuideBlock, { kind: 'table' }>): void {
  const width = contentWidth(doc);
  const first = Math.round(width * 0.34);
  const second = width - first;
  const pad = 6;
  const cellOptions = (w: number) => ({ width: w - pad * 2, lineGap: 1.5 });
  const rowHeight = (a: string, b: string, font: string) => {
    doc.font(font).fontSize(9.5);
    const ha = doc.heightOfString(a, cellOptions(first));
    doc.font('regular').fontSize(9.5);
    return Math.max(ha, doc.heightOfString(b, cellOptions(second))) + pad * 2;
  };
  const drawHead = () => {
    if (!block.head[0] && !block.head[1]) return;
    const height = rowHeight(block.head[0], block.head[1], 'bold');
    const top = doc.y;
    doc.rect(MARGIN, top, width, height).fill(guide.color);
    doc.font('bold').fontSize(9.5).fillColor('#ffffff');
    doc.text(block.head[0], MARGIN + pad, top + pad, cellOptions(first));
    doc.text(block.head[1], MARGIN + first + pad, top + pad, cellOptions(second));
    doc.y = top + height;
  };
  ensureRoom(doc, 60);
  drawHead();
  block.rows.forEach(([a, b], index) => {
    const height = rowHeight(a, b, 'bold');
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      drawHead();
    }
    const top = doc.y;
    if (index % 2 === 1) doc.rect(MARGIN, top, width, height).fill(SOFT);
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(a, MARGIN + pad, top + pad, cellOptions(first));
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(INK)
      .text(b, MARGIN + first + pad, top + pad, cellOptions(second));
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + width, top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y = top + height;
  });
  doc.x = MARGIN;
  doc.moveDown(0.9);
}

/** « Comptoir — title » and « page n / m » at the foot of every page but the cover. */
function footers(doc: Doc, guide: Guide): void {
  const range = doc.bufferedPageRange();
  const last = range.start + range.count - 1;
  for (let index = range.start + 1; index <= last; index += 1) {
    doc.switchToPage(index);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 4;
    doc
      .moveTo(MARGIN, y - 8)
      .lineTo(doc.page.width - MARGIN, y - 8)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`${SOFTWARE_NAME} — ${guide.title}`, MARGIN, y, {
        width: contentWidth(doc) - 80,
        lineBreak: false,
      });
    doc.text(`page ${index + 1} / ${range.count}`, doc.page.width - MARGIN - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = saved;
  }
}
