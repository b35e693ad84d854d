import { useId, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  notificationPublishingProblem,
  type NotificationAudience,
  type NotificationType,
  type PublishNotificationRequest,
} from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { useI18n } from './notification-publishing.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { filterAccounts } from '../support/supportAccountSearch';
import { supportQueries } from '../support/supportQueries';
import { usePublishNotificationMutation } from './notificationPublishingMutations';
import { isoToParisInput, parisInputToIso } from './parisDateTimeInput';

export const NOTIFICATION_TYPES: readonly NotificationType[] = ['info', 'success', 'warning', 'error'];
export const AUDIENCES: readonly NotificationAudience[] = ['all', 'suite', 'standard', 'account'];
const LANGUAGES = ['fr', 'en', 'es', 'ca'] as const;
type Language = (typeof LANGUAGES)[number];
/** Accounts listed under the search at most: more asks for a narrower search. */
const MAX_ACCOUNT_CHOICES = 8;
const DEFAULT_DURATION_MS = 7 * 24 * 3_600_000;

type FormError =
  | 'FR_REQUIRED'
  | 'DATES_REQUIRED'
  | 'END_NOT_AFTER_START'
  | 'ACCOUNT_REQUIRED'
  | 'ACCOUNT_NOT_EXPECTED'
  | 'ACCOUNT_NOT_FOUND';

function initialDates(now = new Date()) {
  return {
    startsAt: isoToParisInput(now),
    endsAt: isoToParisInput(new Date(now.getTime() + DEFAULT_DURATION_MS)),
  };
}

/** The new notification: type, four texts (French required), audience, Paris start and end. */
export function NotificationPublishForm() {
  const { t } = useI18n();
  const id = useId();
  const publish = usePublishNotificationMutation();
  const [type, setType] = useState<NotificationType>('info');
  const [texts, setTexts] = useState<Record<Language, string>>({ fr: '', en: '', es: '', ca: '' });
  const [audience, setAudience] = useState<NotificationAudience>('all');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [accountSearch, setAccountSearch] = useState('');
  const [dates, setDates] = useState(initialDates);
  const [error, setError] = useState<FormError | null>(null);
  const accounts = useQuery({ ...supportQueries.accounts(), enabled: audience === 'account' });
  const matches = useMemo(
    () => filterAccounts(accounts.data?.accounts ?? [], accountSearch),
    [accounts.data, accountSearch],
  );

  function validRequest(): PublishNotificationRequest | FormError {
    if (!texts.fr.trim()) return 'FR_REQUIRED';
    const startsAt = parisInputToIso(dates.startsAt);
    const endsAt = parisInputToIso(dates.endsAt);
    if (!startsAt || !endsAt) return 'DATES_REQUIRED';
    const request: PublishNotificationRequest = {
      type,
      texts: { fr: texts.fr.trim(), en: texts.en.trim(), es: texts.es.trim(), ca: texts.ca.trim() },
      audience,
      accountId: audience === 'account' ? accountId : null,
      startsAt,
      endsAt,
    };
    return notificationPublishingProblem(request)?.code ?? request;
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const request = validRequest();
    if (typeof request === 'string') {
      setError(request);
      return;
    }
    setError(null);
    publish.mutate(request, {
      onSuccess: () => {
        showFlash({ type: 'success', text: t('notificationPublishing.published') });
        setTexts({ fr: '', en: '', es: '', ca: '' });
        setDates(initialDates());
      },
      onError: (failure) => {
        const code = failure instanceof ApiError ? failure.code : null;
        if (code === 'END_NOT_AFTER_START' || code === 'ACCOUNT_REQUIRED' || code === 'ACCOUNT_NOT_FOUND') {
          setError(code);
        } else {
          showFlash({ type: 'error', text: t('common.error') });
        }
      },
    });
  }

  const errorId = `${id}-error`;
  return (
    <form className="card publishing-form" onSubmit={handleSubmit} noValidate aria-describedby={errorId}>
      <h2 className="section-title">{t('notificationPublishing.form.title')}</h2>
      <div className="publishing-row">
        <label className="publishing-field">
          <span className="publishing-label">{t('notificationPublishing.type')}</span>
          <select value={type} onChange={(event) => setType(event.target.value as NotificationType)}>
            {NOTIFICATION_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`notificationPublishing.type.${option}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="publishing-fieldset">
        <legend className="publishing-label">{t('notificationPublishing.texts')}</legend>
        <p className="publishing-hint">{t('notificationPublishing.textsHint')}</p>
        <div className="publishing-texts">
          {LANGUAGES.map((language) => (
            <label key={language} className="publishing-field">
              <span className="publishing-label">{t(`notificationPublishing.text.${language}`)}</span>
              <textarea
                lang={language}
                rows={3}
                maxLength={500}
                value={texts[language]}
                required={language === 'fr'}
                aria-invalid={language === 'fr' && error === 'FR_REQUIRED' ? true : undefined}
                onChange={(event) => setTexts({ ...texts, [language]: event.target.value })}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="publishing-fieldset">
        <legend className="publishing-label">{t('notificationPublishing.audience')}</legend>
        <div className="publishing-audiences">
          {AUDIENCES.map((option) => (
            <label key={option} className="publishing-choice">
              <input
                type="radio"
                name={`${id}-audience`}
                value={option}
                checked={audience === option}
                onChange={() => {
                  setAudience(option);
                  if (option !== 'account') setAccountId(null);
                }}
              />
              <span>{t(`notificationPublishing.audience.${option}`)}</span>
            </label>
          ))}
        </div>
        {audience === 'account' ? (
          <div className="publishing-account">
            <label className="publishing-field">
              <span className="publishing-label">{t('notificationPublishing.accountSearch')}</span>
              <input
                type="search"
                value={accountSearch}
                onChange={(event) => setAccountSearch(event.target.value)}
              />
            </label>
            {accounts.isSuccess ? (
              matches.length === 0 ? (
                <p className="publishing-hint">{t('notificationPublishing.accountNone')}</p>
              ) : (
                <div
                  role="radiogroup"
                  aria-label={t('notificationPublishing.account')}
                  className="publishing-accounts"
                >
                  {matches.slice(0, MAX_ACCOUNT_CHOICES).map((account) => (
                    <label key={account.id} className="publishing-choice publishing-account-choice">
                      <input
                        type="radio"
                        name={`${id}-account`}
                        value={account.id}
                        checked={accountId === account.id}
                        onChange={() => setAccountId(account.id)}
                      />
                      <span>
                        <strong>{account.name}</strong>
                        {account.holderEmail ? (
                          <span className="publishing-muted"> {account.holderEmail}</span>
                        ) : null}
                      </span>
                    </label>
                  ))}
                  {matches.length > MAX_ACCOUNT_CHOICES ? (
                    <p className="publishing-hint">
                      {t('notificationPublishing.accountMore', {
                        count: matches.length - MAX_ACCOUNT_CHOICES,
                      })}
                    </p>
                  ) : null}
                </div>
              )
            ) : accounts.isError ? (
              <p className="publishing-hint">{t('common.error')}</p>
            ) : (
              <p className="publishing-hint">{t('common.loading')}</p>
            )}
          </div>
        ) : null}
      </fieldset>
      <div className="publishing-row">
        <label className="publishing-field">
          <span className="publishing-label">{t('notificationPublishing.startsAt')}</span>
          <input
            type="datetime-local"
            value={dates.startsAt}
            onChange={(event) => setDates({ ...dates, startsAt: event.target.value })}
          />
        </label>
        <label className="publishing-field">
          <span className="publishing-label">{t('notificationPublishing.endsAt')}</span>
          <input
            type="datetime-local"
            value={dates.endsAt}
            aria-invalid={error === 'END_NOT_AFTER_START' ? true : undefined}
            onChange={(event) => setDates({ ...dates, endsAt: event.target.value })}
          />
        </label>
      </div>
      <p className="publishing-hint">{t('notificationPublishing.datesHint')}</p>
      <p id={errorId} className="form-alert" role="alert" hidden={error === null}>
        {error ? t(`notificationPublishing.error.${error}`) : null}
      </p>
      <div className="publishing-actions">
        <button type="submit" className="button button-primary" disabled={publish.isPending}>
          {t('notificationPublishing.publish')}
        </button>
      </div>
    </form>
  );
}
