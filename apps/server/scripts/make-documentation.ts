/**
 * Writes the documentation library's PDFs (issue 19 part 4) into `apps/web/public/documentation/`,
 * from the guides of `src/modules/documentation/documentation.guides.ts`. The PDFs are committed;
 * run this after changing a guide or a fact the guides import:
 *   npx tsx apps/server/scripts/make-documentation.ts
 * `documentation.pdf.test.ts` fails while a committed PDF's text differs from what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DOCUMENT_FILES, type GuideKey } from '../src/modules/documentation/documentation.catalogue';
import { buildGuides } from '../src/modules/documentation/documentation.guides';
import { renderGuide } from '../src/modules/documentation/documentation.pdf';

const outDir = new URL('../../web/public/documentation/', import.meta.url).pathname;
fs.mkdirSync(outDir, { recursive: true });
const guides = buildGuides();
for (const key of Object.keys(DOCUMENT_FILES) as GuideKey[]) {
  const file = path.join(outDir, DOCUMENT_FILES[key]);
  const pdf = await renderGuide(guides[key]);
  fs.writeFileSync(file, pdf);
  console.log(`${path.relative(process.cwd(), file)}  ${Math.round(pdf.length / 1024)} Ko`);
}
