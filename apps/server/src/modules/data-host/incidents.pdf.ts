import { formatBusinessDay, formatParis } from '@comptoir/contracts';
import type { ErroneousServerClosure, ErroneousService, SignatureDefect } from '@comptoir/contracts';
import { CLOSURE_TYPE_LABELS } from './documents.pdf';
import {
  createDocument,
  drawFacts,
  drawNote,
  drawSection,
  drawSoftwareIdentity,
  drawTable,
  drawTitle,
  formatEuros,
  renderToBuffer,
  type Column,
  type SoftwareIdentity,
} from '../../platform/pdf/pdf-layout';

export const INCIDENTS_TITLE = 'Liste des incidents fiscaux';

export interface IncidentListData {
  establishments: string[];
  /** Business days asked; null for all. */
  startDay: string | null;
  endDay: string | null;
  generatedAt: Date;
  software: SoftwareIdentity;
  services: ErroneousService[];
  serverClosures: ErroneousServerClosure[];
  other: SignatureDefect[];
}

const DEFECT_COLUMNS: Column[] = [
  { header: 'Détecté le', width: 0.14 },
  { header: 'Établissement', width: 0.14 },
  { header: 'Caisse', width: 0.11 },
  { header: 'Journée', width: 0.12 },
  { header: 'Enregistrement', width: 0.16 },
  { header: 'Anomalie', width: 0.33 },
];

function recordOf(defect: SignatureDefect): string {
  return defect.seq === null ? defect.recordKind : `${defect.recordKind} n° ${defect.seq}`;
}

function defectRows(defects: SignatureDefect[]): string[][] {
  return defects.map((d) => [
    formatParis(new Date(d.detectedAt), 'DD/MM/YYYY HH:mm:ss'),
    d.companyName ?? '—',
    d.registerName ?? (d.scope === 'register' ? '—' : 'Serveur'),
    d.businessDay ? formatBusinessDay(d.businessDay) : '—',
    recordOf(d),
    d.message || d.code,
  ]);
}

function periodText(data: IncidentListData): string {
  if (data.startDay && data.endDay)
    return `du ${formatBusinessDay(data.startDay)} au ${formatBusinessDay(data.endDay)}`;
  if (data.startDay) return `depuis le ${formatBusinessDay(data.startDay)}`;
  if (data.endDay) return `jusqu'au ${formatBusinessDay(data.endDay)}`;
  return 'Toutes les journées';
}

/** « Liste des incidents fiscaux »: each defect, grouped as the errors page groups them. */
export async function renderIncidentList(data: IncidentListData): Promise<Buffer> {
  const doc = createDocument(INCIDENTS_TITLE);
  drawTitle(doc, INCIDENTS_TITLE, null);
  drawFacts(doc, [
    ['Établissements', data.establishments.join(', ') || '—'],
    ['Période', periodText(data)],
    ['Généré le', formatParis(data.generatedAt, 'DD/MM/YYYY HH:mm:ss')],
    [
      'Incidents',
      String(
        data.services.reduce((n, s) => n + s.defects.length, 0) +
          data.serverClosures.reduce((n, c) => n + c.defects.length, 0) +
          data.other.length,
      ),
    ],
  ]);
  drawSoftwareIdentity(doc, data.software);
  doc.moveDown(0.4);

  const isEmpty = data.services.length === 0 && data.serverClosures.length === 0 && data.other.length === 0;
  if (isEmpty) {
    drawSection(doc, 'Aucun incident');
    drawNote(doc, 'Aucun incident fiscal n’a été détecté sur la période.');
    return renderToBuffer(doc);
  }

  for (const service of data.services) {
    const where = [service.companyName, service.registerName].filter(Boolean).join(', ');
    const day = service.businessDay ? ` du ${formatBusinessDay(service.businessDay)}` : '';
    const number = service.number === null ? '' : ` n° ${service.number}`;
    const amount = service.amountTotalIvat === null ? '' : ` (CA ${formatEuros(service.amountTotalIvat)})`;
    drawSection(doc, `Service erroné${number}${day} — ${where}${amount}`);
    drawTable(doc, DEFECT_COLUMNS, defectRows(service.defects));
  }
  for (const closure of data.serverClosures) {
    const type = closure.type === null ? 'Clôture serveur' : (CLOSURE_TYPE_LABELS[closure.type] ?? 'Clôture');
    const period =
      closure.startDay && closure.endDay
        ? ` du ${formatBusinessDay(closure.startDay)} au ${formatBusinessDay(closure.endDay)}`
        : '';
    drawSection(doc, `Clôture serveur erronée : ${type}${period} — ${closure.companyName ?? '—'}`);
    drawTable(doc, DEFECT_COLUMNS, defectRows(closure.defects));
  }
  if (data.other.length > 0) {
    drawSection(doc, 'Autres anomalies');
    drawTable(doc, DEFECT_COLUMNS, defectRows(data.other));
  }
  return renderToBuffer(doc);
}
