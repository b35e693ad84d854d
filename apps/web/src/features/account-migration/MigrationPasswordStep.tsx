import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/api';
import { useI18n } from './account-migration.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { TextField } from '../../ui/TextField';
import { useVerifyPasswordMutation } from './accountMigrationMutations';
import { rememberVerifiedPassword, storeCheckToken } from './checkToken';
import { passwordStepErrorMessage } from './migrationErrors';
import { MIGRATION_FORM_PATH } from './migrationPaths';
import { canSubmitPasswordStep } from './migrationRules';
import './account-migration.css';

/** `/account/migration/step-1`: the current password, which opens step 2 for 15 minutes. */
export function MigrationPasswordStep() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const verify = useVerifyPasswordMutation();
  const canSubmit = canSubmitPasswordStep(password) && !verify.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    verify.mutate(password, {
      onSuccess: (answer) => {
        storeCheckToken(sessionStorage, answer);
        rememberVerifiedPassword(answer.token, password);
        void navigate(MIGRATION_FORM_PATH);
      },
      onError: (error) => {
        setPassword('');
        const code = error instanceof ApiError ? error.code : null;
        showFlash({ type: 'error', text: t(passwordStepErrorMessage(code)) });
      },
    });
  }

  return (
    <div className="page migration-page">
      <title>{`${t('accountMigration.title')} · ${t('app.name')}`}</title>
      <header className="page-header">
        <h1>{t('accountMigration.title')}</h1>
        <p className="page-intro">{t('accountMigration.step1.intro')}</p>
      </header>
      <form className="card migration-card" noValidate onSubmit={handleSubmit}>
        <TextField
          label={t('accountMigration.step1.password')}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={setPassword}
        />
        <div className="migration-actions">
          <Link to="/" className="button button-quiet">
            {t('accountMigration.cancel')}
          </Link>
          <button type="submit" className="button button-primary" disabled={!canSubmit}>
            {verify.isPending ? t('accountMigration.step1.verifying') : t('accountMigration.step1.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
