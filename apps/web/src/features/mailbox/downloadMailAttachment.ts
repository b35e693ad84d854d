import type { MailboxAttachment } from '@comptoir/contracts';
import { apiFile } from '../../api/api';
import { downloadBlob } from '../../ui/downloadFile';

/** Saves an attachment of the dev mailbox under its own name. */
export async function downloadMailAttachment(
  messageId: string,
  attachment: MailboxAttachment,
): Promise<void> {
  const url = `/api/dev/mailbox/${encodeURIComponent(messageId)}/attachments/${attachment.index}`;
  const file = await apiFile(url);
  downloadBlob(attachment.filename, file.blob);
}
