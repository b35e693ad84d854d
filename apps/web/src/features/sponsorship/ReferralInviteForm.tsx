import { useId, useState, type FormEvent } from 'react';
import { isEmailAddress, REFERRAL_MESSAGE_MAX_LENGTH } from '@comptoir/contracts';
import { ApiError } from '../../api/api';
import { useI18n } from './sponsorship.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { TextField } from '../../ui/TextField';
import { useInviteReferralMutation } from './sponsorshipMutations';

const REFUSALS = [
  'SELF_INVITATION',
  'EXISTING_USER',
  'ALREADY_INVITED',
  'MAIL_NOT_SENT',
  'TOO_MANY_INVITATIONS',
  'CUSTOMER_SPACE_FORBIDDEN',
] as const;
type Refusal = (typeof REFUSALS)[number];

function refusalOf(error: unknown): Refusal | null {
  const code = error instanceof ApiError ? error.code : null;
  return REFUSALS.find((refusal) => refusal === code) ?? null;
}

/** The friend's e-mail and the holder's message; the server mails the personal link. */
export function ReferralInviteForm() {
  const { t } = useI18n();
  const id = useId();
  const invite = useInviteReferralMutation();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState(() => t('sponsorship.invite.mailBody'));
  const [isEmailChecked, setIsEmailChecked] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const isEmailValid = isEmailAddress(email);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setIsEmailChecked(true);
    if (!isEmailValid) return;
    setRefusal(null);
    invite.mutate(
      { email: email.trim(), message: message.trim() || undefined },
      {
        onSuccess: (referral) => {
          showFlash({ type: 'success', text: t('sponsorship.invite.sent', { email: referral.email }) });
          setEmail('');
          setIsEmailChecked(false);
        },
        onError: (error) => {
          const code = refusalOf(error);
          if (code) setRefusal(code);
          else showFlash({ type: 'error', text: t('common.error') });
        },
      },
    );
  }

  return (
    <form className="card sponsorship-invite" onSubmit={handleSubmit} noValidate>
      <h2 className="section-title">{t('sponsorship.invite.title')}</h2>
      <TextField
        label={t('sponsorship.invite.email')}
        type="email"
        value={email}
        autoComplete="off"
        onChange={(value) => {
          setEmail(value);
          setRefusal(null);
        }}
        onBlur={() => setIsEmailChecked(email.trim() !== '')}
        error={isEmailChecked && !isEmailValid ? t('sponsorship.error.invalidEmail') : undefined}
      />
      <div className="sponsorship-mail">
        <p className="sponsorship-subject">
          {t('sponsorship.invite.subject', { subject: t('sponsorship.invite.mailSubject') })}
        </p>
        <label className="sponsorship-message" htmlFor={`${id}-message`}>
          {t('sponsorship.invite.message')}
        </label>
        <textarea
          id={`${id}-message`}
          rows={3}
          maxLength={REFERRAL_MESSAGE_MAX_LENGTH}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <p className="sponsorship-hint">{t('sponsorship.invite.linkNotice')}</p>
      </div>
      {refusal ? (
        <p className="form-alert" role="alert">
          {t(`sponsorship.error.${refusal}`)}
        </p>
      ) : null}
      <div className="sponsorship-actions">
        <button type="submit" className="button button-primary" disabled={invite.isPending}>
          {t('sponsorship.invite.submit')}
        </button>
      </div>
    </form>
  );
}
