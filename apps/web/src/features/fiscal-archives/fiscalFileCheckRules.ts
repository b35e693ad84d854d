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

/** What the check answered, as the lines the modal shows: each with its tone and its message key. */
export interface CheckVerdict {
  tone: 'success' | 'error' | 'warning';
  key:
    | 'fiscal.check.hashGood'
    | 'fiscal.check.hashBad'
    | 'fiscal.check.integrityAssured'
    | 'fiscal.check.integrityNotAssured'
    | 'fiscal.check.authentic'
    | 'fiscal.check.notAuthentic'
    | 'fiscal.check.keyUnknown'
    | 'fiscal.check.historyErrors';
}

/**
 * Spec 1 §2.4: hash good or bad, integrity assured or not, authenticity (the server's signature) told
 * apart, then the archive unknown to the account and the history notice when the chain has errors.
 */
export function checkVerdicts(result: {
  isIntact: boolean;
  isAuthentic: boolean;
  keyexisting: boolean;
  exportHistoryErrors: number;
}): CheckVerdict[] {
  const verdicts: CheckVerdict[] = [
    result.isIntact
      ? { tone: 'success', key: 'fiscal.check.hashGood' }
      : { tone: 'error', key: 'fiscal.check.hashBad' },
    result.isIntact
      ? { tone: 'success', key: 'fiscal.check.integrityAssured' }
      : { tone: 'error', key: 'fiscal.check.integrityNotAssured' },
    result.isAuthentic
      ? { tone: 'success', key: 'fiscal.check.authentic' }
      : { tone: 'error', key: 'fiscal.check.notAuthentic' },
  ];
  if (!result.keyexisting) verdicts.push({ tone: 'error', key: 'fiscal.check.keyUnknown' });
  if (result.exportHistoryErrors > 0) verdicts.push({ tone: 'warning', key: 'fiscal.check.historyErrors' });
  return verdicts;
}
