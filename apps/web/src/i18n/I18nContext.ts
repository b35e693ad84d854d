import { createContext } from 'react';
import { createTranslator, DEFAULT_LANGUAGE, type Translator } from './i18n';

export const I18nContext = createContext<Translator>(createTranslator(DEFAULT_LANGUAGE));
