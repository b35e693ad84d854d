import { apiFile } from '../../api/api';
import { downloadBlob } from '../../ui/downloadFile';

/** Saves a recorded export's file (or the FEC's description) under the name the server gives. */
export async function downloadAccountingExport(url: string, fallbackName: string): Promise<void> {
  const file = await apiFile(url);
  downloadBlob(file.fileName ?? fallbackName, file.blob);
}
