/** What a spreadsheet runs as a formula when a cell's text starts with it (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number written as text (`-12.50`, `+3`, `1e-3`): read as a number, never run as a formula. */
const NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

/**
 * The text to write in a CSV or XLSX cell: a cell starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading single quote, so that a name like `=HYPERLINK(...)` stays text
 * when the file is opened; numbers, negative ones included, stay numbers.
 */
export function neutraliseSpreadsheetCell(text: string): string {
  return FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}
