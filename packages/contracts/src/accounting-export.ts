// `exportVat/isExportable|getExportDatas` and the FEC/CSV export (spec 3 §3, §7, §9).
export const FEC_COLUMN_COUNT = 18;
