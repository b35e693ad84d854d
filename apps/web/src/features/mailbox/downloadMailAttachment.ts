import type { MailboxAttachment } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { ACCESS_TOKEN_EXPIRED } from '../../api/constants';
import { getAccessToken, renewTokens } from '../../api/session';

function fetchAttachment(url: string): Promise<Response> {
  const accessToken = getAccessToken();
  return fetch(url, { headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {} });
}

async function apiErrorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: unknown; message?: unknown };
  } | null;
  const code = typeof body?.error?.code === 'string' ? body.error.code : `HTTP_${response.status}`;
  const message = typeof body?.error?.message === 'string' ? body.error.message : response.statusText;
  return new ApiError(response.status, code, message);
}

/**
 * Saves an attachment of the dev mailbox under its own name. A link cannot carry the Bearer token,
 * so the file is fetched, then handed to the browser as a blob.
 */
export async function downloadMailAttachment(
  messageId: string,
  attachment: MailboxAttachment,
): Promise<void> {
  const url = `/api/dev/mailbox/${encodeURIComponent(messageId)}/attachments/${attachment.index}`;
  let response = await fetchAttachment(url);
  if (response.status === 401) {
    const error = await apiErrorOf(response);
    if (error.code !== ACCESS_TOKEN_EXPIRED) throw error;
    await renewTokens();
    response = await fetchAttachment(url);
  }
  if (!response.ok) throw await apiErrorOf(response);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = attachment.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled.
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
