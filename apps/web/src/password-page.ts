import { isStrongPassword, PASSWORD_RULE } from '@comptoir/contracts';
import { renewOnce, SessionEndedError } from './api/renewal';
import { needsRenewal } from './api/sessionRules';
import { readTokens, removeTokens, TOKEN_SETS } from './api/tokens';

/**
 * The script of the server's change-password page (`GET /auth/password`, rendered by
 * apps/server/src/modules/account-migration/password-page.ts): built on its own by
 * `vite.password-page.config.ts` into `dist/assets/password-page.js`, which the page loads. It reads the
 * user's tokens from localStorage, renews the access token through the portal's own renewal
 * (`api/renewal.ts`) when it is about to expire, and posts to `/auth/password` with it.
 */

const USER = TOKEN_SETS.user;
const FALLBACK = 'Une erreur est survenue.';
const EXPIRED = 'Votre session a expiré. Reconnectez-vous pour modifier votre mot de passe.';
const NOT_ALLOWED =
  'Votre compte ne permet pas de modifier ce mot de passe. Adressez-vous au titulaire du compte.';

type FieldName = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** Refusals of POST /auth/password: the field they concern, or the whole form. */
const REFUSALS: Record<string, [FieldName | null, string]> = {
  INVALID_PASSWORD: ['currentPassword', 'Mot de passe incorrect.'],
  TOO_MANY_ATTEMPTS: [null, 'Trop de tentatives. Réessayez dans quelques minutes.'],
  WEAK_PASSWORD: ['newPassword', PASSWORD_RULE.message],
  SAME_PASSWORD: ['newPassword', "Le nouveau mot de passe doit être différent de l'ancien."],
  CREDENTIALS_CHANGE_FORBIDDEN: [null, NOT_ALLOWED],
  SUB_USER_NO_ACCESS: [null, NOT_ALLOWED],
  VIEW_AS_READ_ONLY: [null, 'Le mode « voir en tant que client » ne permet pas de modifier un mot de passe.'],
  FISCAL_TOKEN_NOT_ALLOWED: [null, 'Une session fiscale ne permet pas de modifier un mot de passe.'],
};

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the change-password page has no #${id}`);
  return found as T;
}

/** The access token to post with, renewed first when it is about to expire; null: signed out. */
async function accessToken(): Promise<string | null> {
  const stale = readTokens(localStorage, USER).accessToken;
  if (stale && !needsRenewal(stale, Date.now())) return stale;
  try {
    return await renewOnce(USER, stale, () => removeTokens(localStorage, USER));
  } catch (error) {
    if (error instanceof SessionEndedError) return null;
    throw error;
  }
}

function startPasswordPage(): void {
  const form = element<HTMLFormElement>('password-form');
  const formError = element('form-error');
  const signedOut = element('signed-out');
  const done = element('done');
  const button = form.querySelector('button')!;
  const fields: Record<FieldName, { input: HTMLInputElement; error: HTMLElement }> = {
    currentPassword: { input: element('current-password'), error: element('current-password-error') },
    newPassword: { input: element('new-password'), error: element('new-password-error') },
    confirmPassword: { input: element('confirm-password'), error: element('confirm-password-error') },
  };

  function setError(name: FieldName, message: string | null): void {
    const field = fields[name];
    field.error.textContent = message ?? '';
    field.error.hidden = !message;
    if (message) field.input.setAttribute('aria-invalid', 'true');
    else field.input.removeAttribute('aria-invalid');
  }
  function clearErrors(): void {
    formError.hidden = true;
    for (const name of Object.keys(fields) as FieldName[]) setError(name, null);
  }
  function showFormError(message: string): void {
    formError.textContent = message;
    formError.hidden = false;
  }
  function showSignedOut(message?: string): void {
    if (message) element('signed-out-text').textContent = message;
    form.hidden = true;
    signedOut.hidden = false;
  }

  async function post(currentPassword: string, newPassword: string): Promise<void> {
    const token = await accessToken();
    if (!token) return showSignedOut(EXPIRED);
    const response = await fetch('/auth/password', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ currentPassword, newPassword }),
    });
    if (response.ok) {
      form.reset();
      form.hidden = true;
      done.hidden = false;
      done.querySelector('a')?.focus();
      return;
    }
    if (response.status === 401) return showSignedOut(EXPIRED);
    const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
    const refusal = REFUSALS[body?.error?.code ?? ''];
    const [field, message] = refusal ?? [null, FALLBACK];
    if (field) {
      setError(field, message);
      fields[field].input.focus();
    } else {
      showFormError(message);
    }
  }

  if (!readTokens(localStorage, USER).refreshToken) {
    showSignedOut();
    return;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearErrors();
    const currentPassword = fields.currentPassword.input.value;
    const newPassword = fields.newPassword.input.value;
    let isValid = true;
    if (!currentPassword) {
      setError('currentPassword', 'Saisissez votre mot de passe actuel.');
      isValid = false;
    }
    if (!isStrongPassword(newPassword)) {
      setError('newPassword', PASSWORD_RULE.message);
      isValid = false;
    }
    if (fields.confirmPassword.input.value !== newPassword) {
      setError('confirmPassword', 'Les mots de passe ne correspondent pas.');
      isValid = false;
    }
    if (!isValid) {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    button.disabled = true;
    void post(currentPassword, newPassword)
      .catch(() => showFormError(FALLBACK))
      .finally(() => {
        button.disabled = false;
      });
  });
}

startPasswordPage();
