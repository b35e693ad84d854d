import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../api/api';
import { userQueries } from '../../api/userQueries';
import { useI18n } from './account-migration.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { TextField } from '../../ui/TextField';
import { useUpdateEmailMutation } from './accountMigrationMutations';
import { accountMigrationQueries } from './accountMigrationQueries';
import { readCheckToken, readVerifiedPassword, removeCheckToken } from './checkToken';
import { FIELD_ERROR_MESSAGES } from './migrationErrors';
import { MIGRATION_STEP_1_PATH } from './migrationPaths';
import {
  canSubmitMigration,
  migrationFormErrors,
  normaliseEmail,
  type MigrationField,
  type MigrationFormContext,
  type MigrationFormValues,
} from './migrationRules';
import './account-migration.css';

const EMPTY_VALUES: MigrationFormValues = { email: '', emailRepeat: '', password: '', passwordRepeat: '' };

/** `/account/migration`: step 2, open only while step 1's check token is unexpired. */
export function MigrationForm() {
  const [hasCheckToken] = useState(() => readCheckToken(sessionStorage, Date.now()) !== null);
  if (!hasCheckToken) return <Navigate to={MIGRATION_STEP_1_PATH} replace />;
  return <MigrationFormPage />;
}

function MigrationFormPage() {
  const { t } = useI18n();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <div className="page migration-page">
      <title>{`${t('accountMigration.title')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('accountMigration.title')}</h1>
        {sentTo === null ? <p className="page-intro">{t('accountMigration.form.intro')}</p> : null}
      </header>
      {sentTo === null ? (
        <NewCredentialsForm onSent={setSentTo} />
      ) : (
        <div className="card migration-card migration-sent" role="status">
          <p>{t('accountMigration.successMessage', { email: sentTo })}</p>
          <p className="migration-hint">{t('accountMigration.successHint')}</p>
          <div className="migration-actions">
            <Link to="/" className="button button-primary">
              {t('accountMigration.backHome')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}

function NewCredentialsForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useQuery(userQueries.me());
  const update = useUpdateEmailMutation();
  const [values, setValues] = useState<MigrationFormValues>(EMPTY_VALUES);
  const [touched, setTouched] = useState<ReadonlySet<MigrationField>>(new Set());
  const [takenEmails, setTakenEmails] = useState<ReadonlySet<string>>(new Set());
  // Step 1's password is the current one: a new password equal to it is flagged before any submit.
  const [samePasswords, setSamePasswords] = useState<ReadonlySet<string>>(() => {
    const current = readVerifiedPassword(readCheckToken(sessionStorage, Date.now()));
    return new Set(current === null ? [] : [current]);
  });

  const currentEmail = user.data?.email;
  const context: MigrationFormContext = { currentEmail, takenEmails, samePasswords };
  const errors = migrationFormErrors(values, context);
  const canSubmit = canSubmitMigration(values, context) && !update.isPending;

  function errorOf(field: MigrationField): string | undefined {
    const error = errors[field];
    // The current password is flagged as soon as it is typed; other rules once the field is left.
    const isShown = touched.has(field) || error === 'samePassword';
    return error && isShown ? t(FIELD_ERROR_MESSAGES[error]) : undefined;
  }

  function change(field: MigrationField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function touch(...fields: MigrationField[]) {
    setTouched((current) => new Set([...current, ...fields]));
  }

  function markTaken(email: string) {
    setTakenEmails((current) => new Set([...current, normaliseEmail(email)]));
  }

  function handleEmailBlur() {
    touch('email');
    const email = normaliseEmail(values.email);
    // Only a candidate that passes every other rule is worth asking the server about.
    if (errors.email !== undefined || email === '') return;
    const checkToken = readCheckToken(sessionStorage, Date.now());
    if (checkToken === null) {
      backToStep1();
      return;
    }
    queryClient
      .fetchQuery(accountMigrationQueries.emailExists(email, checkToken))
      .then((exists) => {
        if (exists) markTaken(email);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'INVALID_CHECK_TOKEN') backToStep1();
        // Otherwise the server checks again on submit: a failed live check blocks nothing.
      });
  }

  function backToStep1() {
    removeCheckToken(sessionStorage);
    showFlash({ type: 'info', text: t('accountMigration.checkExpired') });
    void navigate(MIGRATION_STEP_1_PATH, { replace: true });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit || currentEmail === undefined) return;
    const checkToken = readCheckToken(sessionStorage, Date.now());
    if (checkToken === null) {
      backToStep1();
      return;
    }
    const submitted = { ...values };
    update.mutate(
      { email: submitted.email.trim(), oldEmail: currentEmail, password: submitted.password, checkToken },
      {
        onSuccess: (answer) => {
          removeCheckToken(sessionStorage);
          showFlash({ type: 'success', text: t('accountMigration.successMessage', { email: answer.email }) });
          onSent(answer.email);
        },
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : null;
          if (code === 'INVALID_CHECK_TOKEN') {
            backToStep1();
            return;
          }
          if (code === 'EMAIL_TAKEN') markTaken(submitted.email);
          if (code === 'SAME_PASSWORD') {
            setSamePasswords((current) => new Set([...current, submitted.password]));
          }
          touch('email', 'emailRepeat', 'password', 'passwordRepeat');
          showFlash({ type: 'error', text: t('accountMigration.errorMessage') });
        },
      },
    );
  }

  return (
    <form className="card migration-card" noValidate onSubmit={handleSubmit}>
      <dl className="migration-current">
        <dt>{t('accountMigration.form.currentEmail')}</dt>
        <dd>{currentEmail ?? '…'}</dd>
      </dl>
      <TextField
        label={t('accountMigration.form.email')}
        type="email"
        autoComplete="email"
        autoFocus
        value={values.email}
        onChange={(value) => change('email', value)}
        onBlur={handleEmailBlur}
        error={errorOf('email')}
      />
      <TextField
        label={t('accountMigration.form.emailRepeat')}
        type="email"
        autoComplete="email"
        value={values.emailRepeat}
        onChange={(value) => change('emailRepeat', value)}
        onBlur={() => touch('emailRepeat')}
        error={errorOf('emailRepeat')}
      />
      <TextField
        label={t('accountMigration.form.password')}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(value) => change('password', value)}
        onBlur={() => touch('password')}
        hint={t('accountMigration.form.passwordRules')}
        error={errorOf('password')}
        isErrorAnnounced={errors.password === 'samePassword'}
      />
      <TextField
        label={t('accountMigration.form.passwordRepeat')}
        type="password"
        autoComplete="new-password"
        value={values.passwordRepeat}
        onChange={(value) => change('passwordRepeat', value)}
        onBlur={() => touch('passwordRepeat')}
        error={errorOf('passwordRepeat')}
      />
      <div className="migration-actions">
        <Link to="/" className="button button-quiet">
          {t('accountMigration.cancel')}
        </Link>
        <button type="submit" className="button button-primary" disabled={!canSubmit}>
          {update.isPending ? t('accountMigration.form.submitting') : t('accountMigration.form.submit')}
        </button>
      </div>
    </form>
  );
}
