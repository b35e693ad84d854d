import { FEC_COLUMN_COUNT, FEC_HEADER } from '@comptoir/contracts';

/**
 * Checks a FEC text against the rules of the DGFiP's tester (Test Compta Demat) that a one-journal
 * sales file can break: the file name, the header, 18 fields per line, mandatory fields, comma
 * amounts, real dates, one journal / date / piece per EcritureNum, every EcritureNum balanced, total
 * debit = total credit, no 0/0 line, EcritureNum continuous, CompAux only on customer (41x) lines.
 * Returns the problems found (empty when the file passes). A test helper.
 */
export function checkFec(fileName: string, text: string): string[] {
  const problems: string[] = [];
  const problem = (message: string) => {
    if (problems.length < 50) problems.push(message);
  };
  // The legal `{SIREN}FEC{AAAAMMJJ}.txt`; a partial export adds its number and entries after the date.
  if (!/^\d{9}FEC\d{8}(-[a-z0-9]+)*\.txt$/.test(fileName)) problem(`file name ${fileName}`);
  const end = fileName.match(/FEC(\d{8})(-[a-z0-9]+)*\.txt$/)?.[1];
  if (!text.endsWith('\r\n')) problem('the file does not end with CRLF');
  if (/[^\r]\n/.test(text)) problem('a line ends with LF without CR');
  const lines = text.split('\r\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines[0] !== FEC_HEADER.join('|')) problem(`header ${lines[0]}`);
  const mandatory = [0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 15];
  const entries = new Map<number, { key: string; debit: number; credit: number }>();
  const numbers: number[] = [];
  let totalDebit = 0;
  let totalCredit = 0;
  for (const [index, line] of lines.slice(1).entries()) {
    const at = `line ${index + 2}`;
    const fields = line.split('|');
    if (fields.length !== FEC_COLUMN_COUNT) {
      problem(`${at}: ${fields.length} fields`);
      continue;
    }
    for (const i of mandatory) if (fields[i]!.trim() === '') problem(`${at}: ${FEC_HEADER[i]} empty`);
    for (const i of [3, 9, 15])
      if (!isRealDate(fields[i]!)) problem(`${at}: ${FEC_HEADER[i]} ${fields[i]} is not a date`);
    if (end && fields[3]! > end) problem(`${at}: EcritureDate after the file's end`);
    const debit = amountOf(fields[11]!);
    const credit = amountOf(fields[12]!);
    if (debit === null || credit === null) {
      problem(`${at}: amounts ${fields[11]} ${fields[12]}`);
      continue;
    }
    if (debit === 0 && credit === 0) problem(`${at}: debit and credit both zero`);
    const hasAux = fields[6] !== '' || fields[7] !== '';
    // Auxiliary accounts belong to the customers' accounts (41: 411 receivable, 4191 advances).
    if (hasAux && !fields[4]!.startsWith('41')) problem(`${at}: CompAux on account ${fields[4]}`);
    if (fields[6] === '' && fields[7] !== '') problem(`${at}: CompAuxLib without CompAuxNum`);
    const num = Number(fields[2]);
    if (!Number.isInteger(num) || num < 1) {
      problem(`${at}: EcritureNum ${fields[2]}`);
      continue;
    }
    const key = `${fields[0]}|${fields[3]}|${fields[8]}`;
    const entry = entries.get(num);
    if (!entry) {
      entries.set(num, { key, debit, credit });
      numbers.push(num);
    } else {
      if (entry.key !== key) problem(`${at}: EcritureNum ${num} has two journals, dates or pieces`);
      if (numbers.at(-1) !== num) problem(`${at}: EcritureNum ${num} is not contiguous`);
      entry.debit += debit;
      entry.credit += credit;
    }
    totalDebit += debit;
    totalCredit += credit;
  }
  for (const [num, entry] of entries) {
    if (entry.debit !== entry.credit)
      problem(`EcritureNum ${num} unbalanced: ${entry.debit} / ${entry.credit}`);
  }
  for (let i = 1; i < numbers.length; i += 1) {
    if (numbers[i] !== numbers[i - 1]! + 1) problem(`EcritureNum ${numbers[i - 1]} then ${numbers[i]}`);
  }
  if (totalDebit !== totalCredit) problem(`total debit ${totalDebit} != total credit ${totalCredit}`);
  return problems;
}

function isRealDate(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const date = new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10).replaceAll('-', '') === value;
}

/** `1234,56` (or `-1234,56`) in cents; null for any other writing. */
export function amountOf(value: string): number | null {
  const match = /^(-?)(\d+),(\d{2})$/.exec(value);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}
