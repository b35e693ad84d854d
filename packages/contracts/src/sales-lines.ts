// `dataExport/getOrderLines|exportData` (spec 3 §3 sales-lines columns, §7).
export const SALES_LINES_COLUMN_COUNT = 12;
