import { useMutation } from '@tanstack/react-query';
import type { UserLocaleUpdate } from '@comptoir/contracts';
import { useId } from 'react';
import { saveInspectorLanguage } from '../i18n/i18n';
import { useI18n } from './app.i18n';
import { showFlash } from '../ui/flash/flashStore';
import { Icon } from '../ui/Icon';
import { apiFetch } from '../api/api';
import { useIsMobile } from './useIsMobile';

/** Spec §1, §5: the selector offers only these three; the interface may also be English from the browser. */
const SELECTABLE = [
  { locale: 'fr-FR', language: 'fr' },
  { locale: 'es-ES', language: 'es' },
  { locale: 'ca-ES', language: 'ca' },
] as const;

/**
 * Spec §4: the chosen locale is saved on the server, then the page reloads in it. An inspector has
 * no profile: their choice is kept in this browser (`isInspector`).
 */
export function LanguageSelector({ isInspector = false }: { isInspector?: boolean }) {
  const { t, language } = useI18n();
  const id = useId();
  // On a phone the top bar has no room for "Français": the select shows the language code.
  const isMobile = useIsMobile();
  const save = useMutation({
    mutationFn: (local: UserLocaleUpdate['local']) =>
      apiFetch('/api/user/local', { method: 'PUT', body: { local } satisfies UserLocaleUpdate }),
    onSuccess: () => window.location.reload(),
    onError: () => showFlash({ type: 'error', text: t('shell.language.error') }),
  });

  return (
    <div className="language-selector">
      <label htmlFor={id} className="visually-hidden">
        {t('shell.language.label')}
      </label>
      <Icon name="globe" size={18} />
      <select
        id={id}
        title={t(`shell.language.${language}`)}
        value={language}
        disabled={save.isPending}
        onChange={(event) => {
          const choice = SELECTABLE.find((option) => option.language === event.target.value);
          if (!choice) return;
          if (!isInspector) {
            save.mutate(choice.locale);
            return;
          }
          saveInspectorLanguage(localStorage, choice.language);
          window.location.reload();
        }}
      >
        {language === 'en' ? (
          <option value="en" disabled>
            {t('shell.language.en')}
          </option>
        ) : null}
        {SELECTABLE.map((option) => (
          <option
            key={option.locale}
            value={option.language}
            aria-label={t(`shell.language.${option.language}`)}
          >
            {isMobile ? option.language.toUpperCase() : t(`shell.language.${option.language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
