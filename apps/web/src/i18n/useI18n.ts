import { useContext } from 'react';
import { I18nContext } from './I18nContext';
import type { Translator } from './i18n';

export function useI18n(): Translator {
  return useContext(I18nContext);
}
