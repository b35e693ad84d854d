import type {
  ErrorResponse,
  FiscalArchiveAnswer,
  FiscalArchiveKind,
  FiscalFileCheckResult,
} from '@comptoir/contracts';
import { ApiError, apiGet } from '../../api/api';
import { ACCESS_TOKEN_EXPIRED } from '../../api/constants';
import { getAccessToken, renewTokens } from '../../api/session';
import { toExportDate, type ExportRange } from './fiscalExportRules';

interface ExportRequest {
  companyId: string;
  kind: FiscalArchiveKind;
  range: ExportRange;
  email: string;
}

/** `GET administration-fiscale/{id}/`: the archive is built by a job and its links mailed. */
export function requestFiscalArchive({
  companyId,
  kind,
  range,
  email,
}: ExportRequest): Promise<FiscalArchiveAnswer> {
  const query = new URLSearchParams({
    startDate: toExportDate(range.startDay),
    endDate: toExportDate(range.endDay),
    email,
    kind,
  });
  return apiGet<FiscalArchiveAnswer>(
    `/api/administration-fiscale/${encodeURIComponent(companyId)}/?${query}`,
  );
}

/** `POST api/administration-fiscale/check-fiscal-file`, both files in parts named `myFile`. */
export async function uploadForCheck(files: {
  exportFile: File;
  keyFile: File;
}): Promise<FiscalFileCheckResult> {
  const send = () => {
    const form = new FormData();
    form.append('myFile', files.exportFile, files.exportFile.name);
    form.append('myFile', files.keyFile, files.keyFile.name);
    const token = getAccessToken();
    return fetch('/api/administration-fiscale/check-fiscal-file', {
      method: 'POST',
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  };
  let response = await send();
  let body: unknown = await response.json().catch(() => null);
  if (response.status === 401 && (body as ErrorResponse | null)?.error.code === ACCESS_TOKEN_EXPIRED) {
    await renewTokens();
    response = await send();
    body = await response.json().catch(() => null);
  }
  if (!response.ok) {
    const error = (body as ErrorResponse | null)?.error;
    throw new ApiError(response.status, error?.code ?? `HTTP_${response.status}`, error?.message ?? '');
  }
  return body as FiscalFileCheckResult;
}
