import { USER_TOKEN_STORAGE_KEYS } from '@comptoir/contracts';
import { escapeHtml, renderHtmlPage, type HtmlPage } from '../../platform/html-page';

/** Only a same-origin path may follow sign-in; anything else (absolute, `//host`, `/\host`, controls) means `/`. */
export function safeRedirect(value: string | undefined): string {
  if (!value || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  if (/[\\\s\p{Cc}]/u.test(value)) return '/';
  return value;
}

/** Self-contained sign-in page: it posts the form as JSON and keeps the tokens where the portal reads them. */
export function renderLoginPage(input: { scope: string; redirect?: string | undefined }): HtmlPage {
  return renderHtmlPage({
    title: 'Connexion',
    maxWidth: '24rem',
    card: `<h1>Connexion</h1>
    <p id="login-error" class="error" role="alert" hidden></p>
    <form id="login-form" method="post" action="/auth/login">
      <input type="hidden" name="scope" value="${escapeHtml(input.scope)}">
      <input type="hidden" name="redirect" value="${escapeHtml(safeRedirect(input.redirect))}">
      <div class="field">
        <label for="email">Adresse e-mail</label>
        <input id="email" name="email" type="email" autocomplete="username" inputmode="email"
          autocapitalize="none" spellcheck="false" required autofocus aria-describedby="login-error">
      </div>
      <div class="field">
        <label for="password">Mot de passe</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required>
      </div>
      <button type="submit">Se connecter</button>
    </form>
    <noscript><p class="error">JavaScript doit être activé pour se connecter.</p></noscript>`,
    script: `(function () {
  var form = document.getElementById('login-form');
  var error = document.getElementById('login-error');
  var button = form.querySelector('button');
  var field = function (name) { return form.elements.namedItem(name); };
  var messages = {
    400: 'Adresse e-mail ou mot de passe incorrect.',
    401: 'Adresse e-mail ou mot de passe incorrect.',
    429: 'Trop de tentatives. Réessayez dans quelques minutes.'
  };
  var fallback = 'Une erreur est survenue.';
  function show(message) {
    error.textContent = message;
    error.hidden = false;
    field('password').value = '';
    field('password').focus();
  }
  function target(value) {
    return /^\\/(?![\\/\\\\])/.test(value) ? value : '/';
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    error.hidden = true;
    button.disabled = true;
    fetch('/auth/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: field('email').value.trim(),
        password: field('password').value,
        scope: field('scope').value
      })
    }).then(function (response) {
      if (!response.ok) {
        show(messages[response.status] || fallback);
        button.disabled = false;
        return;
      }
      return response.json().then(function (tokens) {
        localStorage.setItem('${USER_TOKEN_STORAGE_KEYS.accessToken}', tokens.accessToken);
        localStorage.setItem('${USER_TOKEN_STORAGE_KEYS.refreshToken}', tokens.refreshToken);
        window.location.assign(target(field('redirect').value));
      });
    }).catch(function () {
      show(fallback);
      button.disabled = false;
    });
  });
})();`,
  });
}
