import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  CUSTOMER_DUNNING_MESSAGE_MAX_LENGTH,
  CUSTOMER_DUNNING_SUBJECT_MAX_LENGTH,
  customerDunningProblem,
  type CustomerDunningErrorCode,
  type CustomerReceivableLine,
} from '@comptoir/contracts';
import type { ApiError } from '../../api/api';
import { useShell } from '../../api/ShellContext';
import type { MessageKey } from './customer-accounts.i18n';
import { useI18n } from './customer-accounts.i18n';
import { Modal } from '../../ui/Modal';
import { formatMoney } from '../../ui/money';
import {
  customerAccountQueries,
  useSendRemindersMutation,
  type DunningOutcome,
} from './customerAccounts.queries';
import { DUNNING_OUTCOMES, dunningOutcomes } from './customerDunningRules';

type Field = 'subject' | 'message';

const FIELD_ERRORS: Partial<Record<CustomerDunningErrorCode, MessageKey>> = {
  DUNNING_SUBJECT_TOO_LONG: 'dunning.error.DUNNING_SUBJECT_TOO_LONG',
  DUNNING_MESSAGE_REQUIRED: 'dunning.error.DUNNING_MESSAGE_REQUIRED',
  DUNNING_MESSAGE_TOO_LONG: 'dunning.error.DUNNING_MESSAGE_TOO_LONG',
};

const OUTCOME_TITLES = {
  sent: 'dunning.result.sent',
  NO_EMAIL: 'dunning.result.NO_EMAIL',
  NOTHING_OWED: 'dunning.result.NOTHING_OWED',
  failed: 'dunning.result.failed',
} as const satisfies Record<(typeof DUNNING_OUTCOMES)[number], MessageKey>;

/**
 * « Relancer » (issue 31, item 26): the selected debtors each get a mail with their unpaid notes and
 * their statement. The form shows who it comes from (the settings' sender name and reply-to, read
 * only), takes a subject and a prefilled message, shows the progress while the server sends, then
 * who was reminded, who has no e-mail, who owes nothing and what failed, by name.
 */
export function CustomerDunningDialog({
  lines,
  onClose,
}: {
  lines: readonly CustomerReceivableLine[];
  onClose: (hasSent: boolean) => void;
}) {
  const { t, plural } = useI18n();
  const { user } = useShell();
  const ids = { form: useId(), subject: useId(), message: useId() };
  const options = useQuery(customerAccountQueries.options());
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState(() => t('dunning.defaultMessage'));
  const [problem, setProblem] = useState<{ field: Field; code: CustomerDunningErrorCode } | null>(null);
  const [answered, setAnswered] = useState(0);
  const [outcome, setOutcome] = useState<DunningOutcome | null>(null);
  const send = useSendRemindersMutation(setAnswered);
  const nameOf = new Map(lines.map((line) => [line.customerId, line.name]));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = { customerIds: lines.map((line) => line.customerId), subject, message };
    const found = customerDunningProblem(request);
    if (found && found.field !== 'customerIds') {
      setProblem({ field: found.field, code: found.code });
      return;
    }
    setAnswered(0);
    send.mutate(request, {
      onSuccess: (sent) => {
        // A field the server refused before sending anything: marked in the form, as the portal's own check.
        const field = fieldOf(sent.error);
        if (sent.results.length === 0 && sent.error && field)
          setProblem({ field, code: sent.error.code as CustomerDunningErrorCode });
        else setOutcome(sent);
      },
      onError: () => setOutcome({ results: [], error: null }),
    });
  }

  const senderName = options.data?.ca_dunning_sender_name?.trim() || t('dunning.senderDefault');
  const replyTo = options.data?.ca_dunning_reply_to?.trim() || user?.email || '';
  const fieldError = (field: Field) =>
    problem?.field === field ? t(FIELD_ERRORS[problem.code] ?? 'dunning.failed') : null;

  if (outcome) {
    return (
      <Modal
        isOpen
        title={t('dunning.title')}
        onClose={() => onClose(outcome.results.length > 0)}
        footer={
          <button
            type="button"
            className="button button-primary"
            onClick={() => onClose(outcome.results.length > 0)}
          >
            {t('dunning.done')}
          </button>
        }
      >
        <DunningSummary outcome={outcome} nameOf={nameOf} />
      </Modal>
    );
  }

  const subjectError = fieldError('subject');
  const messageError = fieldError('message');
  return (
    <Modal
      isOpen
      title={t('dunning.title')}
      onClose={() => onClose(false)}
      isClosable={!send.isPending}
      footer={
        <>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onClose(false)}
            disabled={send.isPending}
          >
            {t('dunning.cancel')}
          </button>
          <button
            type="submit"
            form={ids.form}
            className="button button-primary"
            disabled={send.isPending}
            aria-busy={send.isPending}
          >
            {t('dunning.send')}
          </button>
        </>
      }
    >
      {send.isPending ? (
        <div className="dunning-progress" role="status">
          <p>{t('dunning.sending', { done: answered, total: lines.length })}</p>
          <progress max={lines.length} value={answered} aria-label={t('dunning.title')} />
        </div>
      ) : null}
      <form
        id={ids.form}
        className="customer-form"
        onSubmit={handleSubmit}
        noValidate
        hidden={send.isPending}
      >
        <div className="customer-form-wide">
          <p className="dunning-recipients">
            <strong>{plural('dunning.recipients', lines.length)}</strong> :{' '}
            {lines.map((line) => `${line.name} (${formatMoney(line.owed)})`).join(', ')}
          </p>
          <p className="customer-form-hint">{t('dunning.attachments')}</p>
        </div>
        <div className="customer-form-wide">
          <dl className="dunning-sender">
            <div>
              <dt>{t('dunning.sender')}</dt>
              <dd>{senderName}</dd>
            </div>
            <div>
              <dt>{t('dunning.replyTo')}</dt>
              <dd>{replyTo}</dd>
            </div>
          </dl>
          <p className="customer-form-hint">{t('dunning.senderHint')}</p>
        </div>
        <div className={`customer-form-field customer-form-wide ${subjectError ? 'is-invalid' : ''}`}>
          <label htmlFor={ids.subject}>{t('dunning.subject')}</label>
          <input
            id={ids.subject}
            type="text"
            value={subject}
            maxLength={CUSTOMER_DUNNING_SUBJECT_MAX_LENGTH}
            aria-invalid={subjectError ? true : undefined}
            aria-describedby={`${ids.subject}-hint${subjectError ? ` ${ids.subject}-error` : ''}`}
            onChange={(event) => {
              setSubject(event.target.value);
              setProblem(null);
            }}
          />
          <p id={`${ids.subject}-hint`} className="customer-form-hint">
            {t('dunning.subjectHint')}
          </p>
          {subjectError ? (
            <p id={`${ids.subject}-error`} className="customer-form-error" role="alert">
              {subjectError}
            </p>
          ) : null}
        </div>
        <div className={`customer-form-field customer-form-wide ${messageError ? 'is-invalid' : ''}`}>
          <label htmlFor={ids.message}>{t('dunning.message')}</label>
          <textarea
            id={ids.message}
            rows={8}
            value={message}
            required
            maxLength={CUSTOMER_DUNNING_MESSAGE_MAX_LENGTH}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? `${ids.message}-error` : undefined}
            onChange={(event) => {
              setMessage(event.target.value);
              setProblem(null);
            }}
          />
          {messageError ? (
            <p id={`${ids.message}-error`} className="customer-form-error" role="alert">
              {messageError}
            </p>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}

/** Who was reminded and who was not, by name, then why the sending stopped if it did. */
function DunningSummary({ outcome, nameOf }: { outcome: DunningOutcome; nameOf: Map<string, string> }) {
  const { t } = useI18n();
  const groups = dunningOutcomes(outcome.results);
  return (
    <div className="dunning-summary" role="status">
      {outcome.results.length === 0 ? <p>{t('dunning.result.none')}</p> : null}
      {DUNNING_OUTCOMES.filter((key) => groups[key].length > 0).map((key) => (
        <section key={key} className={`dunning-summary-group is-${key}`}>
          <h3>{t(OUTCOME_TITLES[key], { count: groups[key].length })}</h3>
          <ul>
            {groups[key].map((customerId) => (
              <li key={customerId}>{nameOf.get(customerId) ?? customerId}</li>
            ))}
          </ul>
        </section>
      ))}
      {outcome.error || outcome.results.length === 0 ? (
        <p className="customer-form-error" role="alert">
          {stopText(t, outcome.error)}
        </p>
      ) : null}
    </div>
  );
}

function fieldOf(error: ApiError | null): Field | null {
  const field = (error?.details as { field?: unknown } | undefined)?.field;
  return field === 'subject' || field === 'message' ? field : null;
}

function stopText(t: (key: MessageKey) => string, error: ApiError | null): string {
  if (error?.code === 'CUSTOMER_ACCOUNT_NOT_FOUND') return t('dunning.notFound');
  return error?.message || t('dunning.failed');
}
