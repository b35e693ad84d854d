import { formatParis, type ExportMailState } from '@comptoir/contracts';
import { useUiI18n, type UiTranslator } from './useUiI18n';

/** Where an export's mail stands, in words: waiting, sent, next try at HH:mm (Paris), given up. */
export function exportMailText(t: UiTranslator['t'], mail: ExportMailState): string {
  switch (mail.status) {
    case 'sent':
      return t('ui.exportMail.sent');
    case 'retrying':
      return t('ui.exportMail.retrying', {
        time: mail.nextAttemptAt ? formatParis(new Date(mail.nextAttemptAt), 'HH:mm') : '',
      });
    case 'dead':
      return t('ui.exportMail.dead');
    default:
      return t('ui.exportMail.waiting');
  }
}

/** An export's mail status, as every export list shows it (issue 33). */
export function ExportMailStatus({ mail }: { mail: ExportMailState | null }) {
  const { t } = useUiI18n();
  if (!mail) return null;
  return <span className={`export-mail-status is-${mail.status}`}>{exportMailText(t, mail)}</span>;
}
