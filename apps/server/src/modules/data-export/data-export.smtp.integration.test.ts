import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, startSmtpPeer, type TestApp, waitFor } from '../../test-helpers';
import { PRODUCT_LINES_SHEET } from './product-lines.workbook';

describe('payment-products export over SMTP', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let dataDir: string;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-export-smtp-'));
    t = await buildDemoTestApp({ days: 2, endDay: '2026-03-14' }, { dataDir, smtpUrl: peer.url });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the export mail with its XLSX attachment, byte for byte, and marks it sent', async () => {
    const token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
    const res = await t.as(token).get('/api/dataExport/exportProductLines', {
      query: {
        email: 'compta@groupe-dupont.fr',
        startDate: '2026-03-14 00:00:00',
        endDate: '2026-03-14 23:59:59',
      },
    });
    expect(res.statusCode).toBe(202);

    const exported = await waitFor(async () => {
      const row = await t.database.db
        .selectFrom('exports')
        .selectAll()
        .where('id', '=', res.json().exportId)
        .executeTakeFirstOrThrow();
      return row.status !== 'queued' && row.status !== 'running' && row;
    });
    expect(exported.status).toBe('done');

    expect(peer.received).toHaveLength(1);
    const mail = peer.received[0]!;
    expect(mail.to).toEqual(['compta@groupe-dupont.fr']);
    expect(mail.raw).toMatch(
      /^Subject: Export des lignes produits de paiement du 14\/03\/2026 au\s+14\/03\/2026\r?$/m,
    );
    expect(mail.raw).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(mail.raw).toContain('filename=lignes-produits-paiement_2026-03-14_2026-03-14.xlsx');

    // The attachment part: headers, a blank line, then base64 up to the next boundary.
    const part =
      /filename=lignes-produits-paiement_[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
        mail.raw,
      );
    const delivered = Buffer.from(part![1]!.replace(/\s/g, ''), 'base64');
    expect(delivered.equals(await t.app.files.get(exported.file_key!))).toBe(true);
    const workbook = await new ExcelJS.Workbook().xlsx.load(delivered as unknown as ExcelJS.Buffer);
    expect(workbook.getWorksheet(PRODUCT_LINES_SHEET)!.rowCount).toBe(exported.row_count! + 1);

    const outbox = await t.database.db.selectFrom('mail_outbox').selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ status: 'sent', error: null });
  });

  it('keeps the dev mailbox closed when mail goes through an SMTP server', async () => {
    const staff = (await signInAs(t, 'support@comptoir.test', DEMO_PASSWORD)).accessToken;
    const res = await t.as(staff).get('/api/dev/mailbox');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('MAILBOX_DISABLED');
  });
});
