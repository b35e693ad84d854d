/** Spec 1 §2.4 and §5: the check needs the export's .csv file and its .txt verification key. */
export interface ChosenFile {
  name: string;
  type: string;
}

export function isFiscalExportFile(file: ChosenFile): boolean {
  return /\.csv$/i.test(file.name);
}

export function isVerificationKeyFile(file: ChosenFile): boolean {
  return /\.txt$/i.test(file.name) && file.type === 'text/plain';
}

export function canCheckFiscalFile(exportFile: ChosenFile | null, keyFile: ChosenFile | null): boolean {
  return (
    exportFile !== null &&
    keyFile !== null &&
    isFiscalExportFile(exportFile) &&
    isVerificationKeyFile(keyFile)
  );
}
