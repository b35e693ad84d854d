import { areaI18n } from '../i18n/areaI18n';
import { appMessages } from './app.messages';
import { shellMessages } from './shell.messages';

export const { useI18n } = areaI18n(appMessages, shellMessages);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
