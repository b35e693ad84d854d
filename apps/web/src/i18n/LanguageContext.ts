import { createContext } from 'react';
import { DEFAULT_LANGUAGE, type Language } from './translate';

/** The interface language alone, so ui/ can follow it without loading the features' catalogues. */
export const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);
