import crypto from 'node:crypto';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponse,
  fiscalArchiveAnswer,
  fiscalArchiveQuery,
  fiscalFileCheckResult,
  fiscalFileUpload,
  FISCAL_FILE_MAX_KEY_BYTES,
} from '@comptoir/contracts';
import { AppError } from '../../platform/errors';
import { invalidText, isStorableText } from '../../platform/text-input';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { sendDownload } from '../../platform/mailed-export/download';
import { checkFiscalFile, type StreamedFile, type UploadedFile } from './fiscal-archives.check';
import { fiscalArchivesError, fileTooLarge } from './fiscal-archives.errors';
import { findArchive } from './fiscal-archives.repository';
import { VERIFICATION_GUIDE } from './fiscal-archives.guide';
import {
  ARCHIVE_FILES,
  archiveFilename,
  FISCAL_ARCHIVE_QUEUE,
  isArchiveLinkValid,
  requestFiscalArchive,
  runFiscalArchive,
} from './fiscal-archives.service';

export async function fiscalArchivesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Encapsulated: multipart bodies are parsed for this module's routes only.
  // The archive's own limit is set per request (config: FISCAL_FILE_MAX_BYTES, 2 GB by default).
  await app.register(multipart, { limits: { files: 2, fields: 5, parts: 7 } });

  app.jobs.register(FISCAL_ARCHIVE_QUEUE, (job, jobCtx) =>
    runFiscalArchive(
      {
        db: app.database.db,
        files: app.files,
        mailer: app.mailer,
        serverKey: app.serverKey,
        config: app.config,
      },
      job,
      jobCtx,
    ),
  );

  app.get(
    '/api/administration-fiscale/:companyId/',
    {
      // A GET that builds a file, chains it into the archive history, journals it and mails it: a write.
      // Inspectors may (issue 18): mailed to the address their access was validated for.
      config: {
        access: access.writeFiscal(),
      },
      schema: {
        tags: ['fiscal'],
        summary: "Builds the fiscal archive of an establishment's period and mails its download links",
        description:
          'Dates YYYYMMDD (or YYYY-MM-DD), Paris days, both included, at most one year; kind cashing (signed ' +
          'sales records) or closing (closure records). No record: `noData`, nothing built. Otherwise ' +
          '`exportProcessing`: a job writes the .csv and its signed .txt key (chained to the previous ' +
          "archive; it publishes the server's and the registers' public keys), records a JET event (41) " +
          'and mails links to both and to the verification guide (LISEZ-MOI-verification.txt). An ' +
          'inspector (fiscal token) may ask for any establishment of the account: `email` is ignored, the ' +
          'archive goes to the address the access was validated for, and JET 45 records it. 400 ' +
          'INVALID_DATE, REVERSED_DATES, PERIOD_TOO_LONG, DATE_OUT_OF_RANGE (before 2000 or after this ' +
          'year), INVALID_EMAIL; 401 SESSION_REVOKED (an inspector whose access ended); 403 ' +
          "COMPANY_FORBIDDEN (an inspector, another account's establishment); 404 COMPANY_NOT_FOUND, " +
          'REQUEST_NOT_FOUND (a fiscal session that no inspector sign-in opened).',
        params: z.object({ companyId: z.uuid() }),
        querystring: fiscalArchiveQuery,
        response: {
          200: fiscalArchiveAnswer,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const ctx = requireCtx(request);
      const answer = await app.database.db
        .transaction()
        .execute((trx) =>
          requestFiscalArchive(trx, app.jobs, app.serverKey, ctx, request.params.companyId, request.query),
        );
      if (answer.hasData) app.jobs.wake();
      return answer;
    },
  );

  app.get(
    '/api/administration-fiscale/archives/:archiveId/:file',
    {
      config: { access: access.public('a link signed for 7 days in the archive mail', { writes: false }) },
      schema: {
        tags: ['fiscal'],
        summary:
          'Downloads an archive (.csv), its key (.txt) or its verification guide through the signed link of its mail',
        description:
          'The link carries expires (Unix seconds) and signature; 403 ARCHIVE_LINK_INVALID when forged or ' +
          'expired. `guide` is LISEZ-MOI-verification.txt: the signed bytes and a recipe with standard tools.',
        params: z.object({ archiveId: z.uuid(), file: z.enum(ARCHIVE_FILES) }),
        querystring: z.object({
          expires: z.coerce.number().int(),
          signature: z.string().regex(/^[0-9a-f]{64}$/),
        }),
      },
    },
    async (request, reply) => {
      const { archiveId, file } = request.params;
      if (!isArchiveLinkValid(app.config, { archiveId, file, ...request.query })) {
        throw fiscalArchivesError('ARCHIVE_LINK_INVALID');
      }
      const archive = await findArchive(app.database.db, archiveId);
      if (!archive) throw fiscalArchivesError('ARCHIVE_NOT_FOUND');
      // A year's archive can reach 100 MB: streamed from the file store, never held whole.
      const content =
        file === 'guide'
          ? VERIFICATION_GUIDE
          : await app.files.openReadStream(file === 'csv' ? archive.file_key : archive.key_file_key);
      return sendDownload(reply, {
        type: file === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8',
        filename: archiveFilename(archive, file),
        body: content,
      });
    },
  );

  app.post(
    '/api/administration-fiscale/check-fiscal-file',
    {
      // Checking a file records the check (fiscal_file_checks, JET 43): inspectors may, view-as may not.
      config: {
        access: access.writeFiscal(),
      },
      schema: {
        tags: ['fiscal'],
        summary: 'Checks an archive (.csv) against its verification key (.txt)',
        description:
          'multipart/form-data, exactly two parts named myFile: one .csv (at most 2 GB, checked as it streams ' +
          'in) and one .txt of type text/plain (at most 64 KB). Integrity (hash), authenticity (server signature), the archive ' +
          'known by its hash and the chain of earlier archives are answered apart. 400 NOT_MULTIPART, ' +
          'MALFORMED_UPLOAD, FILES_MISSING, FILE_TYPE; 413 FILE_TOO_LARGE.',
        consumes: ['multipart/form-data'],
        body: fiscalFileUpload,
        response: { 200: fiscalFileCheckResult, 400: errorResponse, 401: errorResponse, 413: errorResponse },
      },
    },
    async (request) => {
      const ctx = requireCtx(request);
      const { csv, key } = await readUpload(request, app.config.fiscalFileMaxBytes);
      return checkFiscalFile(app.database.db, { serverKey: app.serverKey, files: app.files }, ctx, csv, key);
    },
  );
}

/** Reads the archive part as it arrives: its bytes go through SHA-256 and are dropped (memory stays flat). */
async function hashPart(part: MultipartFile, maxBytes: number): Promise<StreamedFile> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  if (part.file.truncated || size > maxBytes) throw fileTooLarge(maxBytes);
  return { filename: part.filename, size, sha256: hash.digest('hex') };
}

/** The key part, read whole but never past its 64 KB (the per-file limit is the archive's). */
async function readKeyPart(part: MultipartFile, maxCsvBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FISCAL_FILE_MAX_KEY_BYTES) throw fileTooLarge(maxCsvBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Exactly one `.csv` and one `text/plain` `.txt`, both in parts named `myFile`, in either order: the
 * archive streams through its hash (up to `maxCsvBytes`), the key is read whole.
 */
async function readUpload(
  request: FastifyRequest,
  maxCsvBytes: number,
): Promise<{ csv: StreamedFile; key: UploadedFile }> {
  if (!request.isMultipart()) throw fiscalArchivesError('NOT_MULTIPART');
  let csv: StreamedFile | null = null;
  let key: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxCsvBytes } })) {
      if (part.type !== 'file') continue;
      // The names go into the check's row and its answer: PostgreSQL stores no NUL.
      if (!isStorableText(part.filename)) throw invalidText('file', '/filename');
      const name = part.filename.toLowerCase();
      if (part.fieldname !== 'myFile') throw fiscalArchivesError('FILES_MISSING');
      if (name.endsWith('.csv') && !csv) {
        csv = await hashPart(part, maxCsvBytes);
      } else if (name.endsWith('.txt') && part.mimetype.startsWith('text/plain') && !key) {
        key = { filename: part.filename, content: await readKeyPart(part, maxCsvBytes) };
      } else if (name.endsWith('.csv') || name.endsWith('.txt')) {
        throw name.endsWith('.txt') && key === null
          ? fiscalArchivesError('FILE_TYPE')
          : fiscalArchivesError('FILES_MISSING');
      } else {
        throw fiscalArchivesError('FILE_TYPE');
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxCsvBytes);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw fiscalArchivesError('FILES_MISSING');
    throw fiscalArchivesError('MALFORMED_UPLOAD');
  }
  if (!csv || !key) throw fiscalArchivesError('FILES_MISSING');
  return { csv, key };
}
