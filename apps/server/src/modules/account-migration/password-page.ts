import {
  PASSWORD_RULE,
  TOKEN_RENEWAL_PATH,
  TOKEN_RENEWAL_THRESHOLD_SECONDS,
  TOKEN_RENEWAL_HOLDER_WAIT_MS,
  tokenRenewalLockName,
  USER_TOKEN_STORAGE_KEYS,
} from '@comptoir/contracts';
import { escapeHtml, renderHtmlPage, scriptLiteral, type HtmlPage } from '../../platform/html-page';

/**
 * The change-password page of the authentication service (`GET /auth/password`), in the sign-in
 * page's frame. Its script reads the portal's tokens from localStorage, renews the access token as
 * the portal does (`apps/web` session: same Web Lock, threshold and storage, from the contracts) when
 * it is about to expire, and posts to `/auth/password` with it. The password rule comes from the
 * contracts too.
 */
export function renderPasswordPage(): HtmlPage {
  return renderHtmlPage({
    title: 'Modifier mon mot de passe',
    maxWidth: '26rem',
    card: `<h1>Modifier mon mot de passe</h1>
    <p id="form-error" class="error" role="alert" hidden></p>
    <section id="signed-out" hidden>
      <p id="signed-out-text">Connectez-vous pour modifier votre mot de passe.</p>
      <a class="button" href="/auth/login?scope=bo-client&amp;redirect=%2Fauth%2Fpassword">Se connecter</a>
    </section>
    <section id="done" hidden>
      <p class="success" role="status">Votre mot de passe a été modifié. Vos autres sessions ont été
        fermées : sur vos autres appareils, connectez-vous avec le nouveau mot de passe.</p>
      <a class="button" href="/">Retour au portail</a>
    </section>
    <form id="password-form" method="post" action="/auth/password" novalidate>
      <div class="field">
        <label for="current-password">Mot de passe actuel</label>
        <input id="current-password" name="currentPassword" type="password" autocomplete="current-password"
          required autofocus aria-describedby="current-password-error">
        <p id="current-password-error" class="field-error" hidden></p>
      </div>
      <div class="field">
        <label for="new-password">Nouveau mot de passe</label>
        <input id="new-password" name="newPassword" type="password" autocomplete="new-password" required
          aria-describedby="new-password-rules new-password-error">
        <p id="new-password-rules" class="hint">${escapeHtml(PASSWORD_RULE.hint)}</p>
        <p id="new-password-error" class="field-error" hidden></p>
      </div>
      <div class="field">
        <label for="confirm-password">Confirmez le nouveau mot de passe</label>
        <input id="confirm-password" name="confirmPassword" type="password" autocomplete="new-password" required
          aria-describedby="confirm-password-error">
        <p id="confirm-password-error" class="field-error" hidden></p>
      </div>
      <button type="submit">Modifier le mot de passe</button>
      <a class="back" href="/">Retour au portail</a>
    </form>
    <noscript><p class="error">JavaScript doit être activé pour modifier votre mot de passe.</p></noscript>`,
    script: `(function () {
  var form = document.getElementById('password-form');
  var formError = document.getElementById('form-error');
  var signedOut = document.getElementById('signed-out');
  var done = document.getElementById('done');
  var button = form.querySelector('button');
  var KEYS = ${scriptLiteral(USER_TOKEN_STORAGE_KEYS)};
  var RENEWAL_LOCK = ${scriptLiteral(tokenRenewalLockName('user'))};
  var RENEWAL_PATH = ${scriptLiteral(TOKEN_RENEWAL_PATH)};
  var RENEWAL_HOLDER_WAIT_MS = ${scriptLiteral(TOKEN_RENEWAL_HOLDER_WAIT_MS)};
  var RENEWAL_THRESHOLD_SECONDS = ${scriptLiteral(TOKEN_RENEWAL_THRESHOLD_SECONDS)};
  var PASSWORD_MIN_LENGTH = ${scriptLiteral(PASSWORD_RULE.minLength)};
  var PASSWORD_CLASSES = ${scriptLiteral(PASSWORD_RULE.classes.map((c) => [c.source, c.flags]))}.map(function (c) {
    return new RegExp(c[0], c[1]);
  });
  var RULES = ${scriptLiteral(PASSWORD_RULE.message)};
  var FALLBACK = 'Une erreur est survenue.';
  var fields = {
    currentPassword: { input: document.getElementById('current-password'), error: document.getElementById('current-password-error') },
    newPassword: { input: document.getElementById('new-password'), error: document.getElementById('new-password-error') },
    confirmPassword: { input: document.getElementById('confirm-password'), error: document.getElementById('confirm-password-error') }
  };
  // Refusals of POST /auth/password: the field they concern, or the whole form.
  var refusals = {
    INVALID_PASSWORD: ['currentPassword', 'Mot de passe incorrect.'],
    TOO_MANY_ATTEMPTS: [null, 'Trop de tentatives. Réessayez dans quelques minutes.'],
    WEAK_PASSWORD: ['newPassword', RULES],
    SAME_PASSWORD: ['newPassword', 'Le nouveau mot de passe doit être différent de l\\'ancien.'],
    CREDENTIALS_CHANGE_FORBIDDEN: [null, 'Votre compte ne permet pas de modifier ce mot de passe. Adressez-vous au titulaire du compte.'],
    SUB_USER_NO_ACCESS: [null, 'Votre compte ne permet pas de modifier ce mot de passe. Adressez-vous au titulaire du compte.'],
    VIEW_AS_READ_ONLY: [null, 'Le mode « voir en tant que client » ne permet pas de modifier un mot de passe.'],
    FISCAL_TOKEN_NOT_ALLOWED: [null, 'Une session fiscale ne permet pas de modifier un mot de passe.']
  };

  function isStrong(value) {
    return Array.from(value).length >= PASSWORD_MIN_LENGTH &&
      PASSWORD_CLASSES.every(function (characterClass) { return characterClass.test(value); });
  }
  function setError(name, message) {
    var field = fields[name];
    field.error.textContent = message || '';
    field.error.hidden = !message;
    if (message) field.input.setAttribute('aria-invalid', 'true');
    else field.input.removeAttribute('aria-invalid');
  }
  function clearErrors() {
    formError.hidden = true;
    Object.keys(fields).forEach(function (name) { setError(name, null); });
  }
  function showFormError(message) {
    formError.textContent = message;
    formError.hidden = false;
  }
  function showSignedOut(message) {
    if (message) document.getElementById('signed-out-text').textContent = message;
    form.hidden = true;
    signedOut.hidden = false;
  }

  function claims(token) {
    try {
      var part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
      return JSON.parse(atob(part + '==='.slice((part.length + 3) % 4)));
    } catch (e) {
      return {};
    }
  }
  function needsRenewal(token) {
    var exp = token ? claims(token).exp : undefined;
    return typeof exp !== 'number' || exp - Date.now() / 1000 <= RENEWAL_THRESHOLD_SECONDS;
  }
  // Refresh tokens rotate: the portal in another tab must not present the same one at once. A page
  // that waited for the lock may still read the previous tokens (localStorage reaches other tabs
  // later, in Chromium): it lets the holder's new refresh token arrive first, for a while at most.
  function withRenewalLock(work) {
    if (!navigator.locks) return Promise.resolve().then(work);
    var hasChanged = false;
    var onChange = null;
    function handleStorage(event) {
      if (event.key !== KEYS.refreshToken) return;
      hasChanged = true;
      if (onChange) onChange();
    }
    function afterHolder() {
      if (hasChanged) return Promise.resolve();
      return new Promise(function (resolve) {
        onChange = resolve;
        setTimeout(resolve, RENEWAL_HOLDER_WAIT_MS);
      });
    }
    window.addEventListener('storage', handleStorage);
    return navigator.locks.request(RENEWAL_LOCK, { ifAvailable: true }, function (lock) {
      // The lock is held until work's promise settles; null: another tab holds it.
      return lock ? Promise.resolve(work()).then(function (value) { return { value: value }; }) : null;
    }).then(function (done) {
      if (done) return done.value;
      return navigator.locks.request(RENEWAL_LOCK, function () {
        return afterHolder().then(work);
      });
    }).finally(function () {
      window.removeEventListener('storage', handleStorage);
    });
  }
  function removeTokens() {
    localStorage.removeItem(KEYS.accessToken);
    localStorage.removeItem(KEYS.refreshToken);
    localStorage.removeItem(KEYS.refreshTokenIssuedAt);
  }
  // The portal's renewal (apps/web session.ts, renewOnce) for the user's session, step for step.
  function accessToken() {
    var stale = localStorage.getItem(KEYS.accessToken);
    if (!needsRenewal(stale)) return Promise.resolve(stale);
    return withRenewalLock(function () {
      var current = localStorage.getItem(KEYS.accessToken);
      // Another tab renewed while this page waited for the lock: its token is ours too.
      if (current && current !== stale && !needsRenewal(current)) return current;
      var refreshToken = localStorage.getItem(KEYS.refreshToken);
      if (!refreshToken) return null;
      return fetch(RENEWAL_PATH + '?refreshToken=' + encodeURIComponent(refreshToken), {
        headers: { accept: 'application/json' },
        cache: 'no-store'
      }).then(function (response) {
        // Overload or outage is not a refusal: the tokens stay for the next try.
        if (response.status >= 500 || response.status === 408 || response.status === 429) {
          throw new Error('renewal unavailable');
        }
        return response.json().catch(function () { return null; }).then(function (pair) {
          if (!response.ok || !pair || !pair.accessToken || !pair.refreshToken) {
            removeTokens();
            return null;
          }
          var iat = claims(pair.accessToken).iat;
          localStorage.setItem(KEYS.accessToken, pair.accessToken);
          localStorage.setItem(KEYS.refreshToken, pair.refreshToken);
          localStorage.setItem(KEYS.refreshTokenIssuedAt, String(typeof iat === 'number' ? iat * 1000 : Date.now()));
          return pair.accessToken;
        });
      });
    });
  }

  if (!localStorage.getItem(KEYS.refreshToken)) {
    showSignedOut();
    return;
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    clearErrors();
    var currentPassword = fields.currentPassword.input.value;
    var newPassword = fields.newPassword.input.value;
    var isValid = true;
    if (!currentPassword) { setError('currentPassword', 'Saisissez votre mot de passe actuel.'); isValid = false; }
    if (!isStrong(newPassword)) { setError('newPassword', RULES); isValid = false; }
    if (fields.confirmPassword.input.value !== newPassword) {
      setError('confirmPassword', 'Les mots de passe ne correspondent pas.');
      isValid = false;
    }
    if (!isValid) {
      form.querySelector('[aria-invalid="true"]').focus();
      return;
    }
    button.disabled = true;
    accessToken().then(function (token) {
      if (!token) return showSignedOut('Votre session a expiré. Reconnectez-vous pour modifier votre mot de passe.');
      return fetch('/auth/password', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: 'Bearer ' + token },
        body: JSON.stringify({ currentPassword: currentPassword, newPassword: newPassword })
      }).then(function (response) {
        if (response.ok) {
          form.reset();
          form.hidden = true;
          done.hidden = false;
          done.querySelector('a').focus();
          return;
        }
        if (response.status === 401) {
          return showSignedOut('Votre session a expiré. Reconnectez-vous pour modifier votre mot de passe.');
        }
        return response.json().catch(function () { return null; }).then(function (body) {
          var refusal = body && body.error && refusals[body.error.code];
          if (refusal && refusal[0]) {
            setError(refusal[0], refusal[1]);
            fields[refusal[0]].input.focus();
          } else {
            showFormError(refusal ? refusal[1] : FALLBACK);
          }
        });
      });
    }).catch(function () {
      showFormError(FALLBACK);
    }).then(function () {
      button.disabled = false;
    });
  });
})();`,
  });
}
