import { areaI18n } from '../../i18n/areaI18n';
import { dataExportMessages } from './data-export.messages';
import { salesLinesExportMessages } from './sales-lines-export.messages';

export const { useI18n } = areaI18n(dataExportMessages, salesLinesExportMessages);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
