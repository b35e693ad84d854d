import { areaI18n } from '../../i18n/areaI18n';
import { fiscalMessages } from './fiscal.messages';

/** The fiscal frame's texts: fiscal-check, fiscal-archives, fiscal-keys, jet and fiscal-errors add theirs to it. */
export const { useI18n, createTranslator } = areaI18n(fiscalMessages);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
