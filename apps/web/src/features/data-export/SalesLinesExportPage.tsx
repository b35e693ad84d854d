/** The sales-lines data export (`export-data`, spec 3 §2 "Data export"). */
export function SalesLinesExportPage() {
  return null;
}
