import { areaI18n } from '../../i18n/areaI18n';
import { accountingConfigMessages } from './accounting-config.messages';
import { accountingExportMessages } from './accounting-export.messages';
import { accountingPackMessages } from './accounting-pack.messages';

export const { useI18n } = areaI18n(
  accountingConfigMessages,
  accountingExportMessages,
  accountingPackMessages,
);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
