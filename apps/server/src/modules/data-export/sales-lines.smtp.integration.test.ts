import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_LINES_HEADERS } from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, startSmtpPeer, type TestApp, waitFor } from '../../test-helpers';
import { SALES_LINES_SHEET } from './sales-lines.file';

describe('sales-lines export over SMTP', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let dataDir: string;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-sales-lines-smtp-'));
    t = await buildDemoTestApp({ days: 2, endDay: '2026-03-14' }, { dataDir, smtpUrl: peer.url });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the mail with a signed link (no attachment) that downloads the stored XLSX', async () => {
    const token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
    const res = await t.as(token).post('/api/dataExport/exportData', {
      opening_date: '2026-03-14 00:00:00',
      closing_date: '2026-03-14 23:59:59',
      idCompanies: '[]',
      orderTypeAway: '[1,2,3]',
      email: 'compta@groupe-dupont.fr',
    });
    expect(res.statusCode).toBe(202);

    const exported = await waitFor(async () => {
      const row = await t.database.db
        .selectFrom('exports')
        .selectAll()
        .where('id', '=', res.json()[0].exportId)
        .executeTakeFirstOrThrow();
      return row.status !== 'queued' && row.status !== 'running' && row;
    });
    expect(exported.status).toBe('done');

    expect(peer.received).toHaveLength(1);
    const mail = peer.received[0]!;
    expect(mail.to).toEqual(['compta@groupe-dupont.fr']);
    expect(mail.raw).toMatch(/^Subject: Export des lignes de ventes du 14\/03\/2026 au\s+14\/03\/2026\r?$/m);
    expect(mail.raw).not.toContain('Content-Disposition: attachment');
    // Quoted-printable may fold the link: unfold soft line breaks first.
    const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link =
      /https?:\/\/[^\s"<]+\/api\/dataExport\/files\/[0-9a-f-]+\?expires=\d+&signature=[0-9a-f]{64}/.exec(
        body,
      )![0];
    const url = new URL(link);
    const file = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(await t.app.files.get(exported.file_key!))).toBe(true);
    const workbook = await new ExcelJS.Workbook().xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet(SALES_LINES_SHEET)!;
    expect((sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1)).toEqual([...SALES_LINES_HEADERS]);
    expect(sheet.rowCount).toBe(exported.row_count! + 1);

    const outbox = await t.database.db.selectFrom('mail_outbox').selectAll().execute();
    expect(outbox).toEqual([expect.objectContaining({ status: 'sent', error: null })]);
  });
});
