import { areaI18n } from '../../i18n/areaI18n';
import { mailboxMessages } from './mailbox.messages';

export const { useI18n } = areaI18n(mailboxMessages);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
