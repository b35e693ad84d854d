import { useEffect } from 'react';
import { useI18n } from './bardistrib.i18n';
import { showFlash } from '../../ui/flash/flashStore';

/** Spec 3 §8: a failed bardistrib load shows the danger flash « Une erreur est survenue », once per failure. */
export function useLoadErrorFlash(query: { isError: boolean; errorUpdatedAt: number }): void {
  const { t } = useI18n();
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) showFlash({ type: 'error', text: t('bardistrib.loadError') });
  }, [isError, errorUpdatedAt, t]);
}
