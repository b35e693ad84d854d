import crypto from 'node:crypto';

/** Only a same-origin path may follow sign-in; anything else (absolute, `//host`, `/\host`, controls) means `/`. */
export function safeRedirect(value: string | undefined): string {
  if (!value || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  if (/[\\\s\p{Cc}]/u.test(value)) return '/';
  return value;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export interface LoginPage {
  html: string;
  contentSecurityPolicy: string;
}

/** Self-contained sign-in page: inline style and script carry a per-response nonce, nothing else may load. */
export function renderLoginPage(input: { scope: string; redirect?: string | undefined }): LoginPage {
  const nonce = crypto.randomBytes(16).toString('base64');
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    'img-src data:',
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const html = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Connexion — Comptoir</title>
<link rel="icon" href="data:,">
<style nonce="${nonce}">
  /* Same palette as the portal (apps/web/src/styles.css). */
  *, *::before, *::after { box-sizing: border-box; }
  html { color-scheme: light; }
  body {
    margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    padding: 1.5rem 1rem; background: #f5f3ef; color: #1f1d1a;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  }
  main { width: 100%; max-width: 24rem; }
  .brand { margin: 0 0 1.25rem; text-align: center; font-size: 1.75rem; font-weight: 700; letter-spacing: .02em; color: #1f3a3d; }
  .card { background: #fff; border-radius: 12px; padding: 1.75rem 1.5rem; box-shadow: 0 1px 2px rgba(0,0,0,.06), 0 8px 24px rgba(0,0,0,.08); }
  h1 { margin: 0 0 1.25rem; font-size: 1.25rem; font-weight: 600; }
  .field { margin-bottom: 1rem; }
  label { display: block; margin-bottom: .375rem; font-weight: 500; }
  input {
    width: 100%; padding: .75rem .875rem; font: inherit; color: inherit; background: #fff;
    border: 1px solid #b9b2a8; border-radius: 8px;
  }
  input:focus { outline: 3px solid rgba(31,58,61,.35); outline-offset: 1px; border-color: #1f3a3d; }
  button {
    width: 100%; margin-top: .5rem; padding: .8rem 1rem; font: inherit; font-weight: 600; color: #fff;
    background: #1f3a3d; border: 0; border-radius: 8px; cursor: pointer;
  }
  button:hover { background: #152a2c; }
  button:focus-visible { outline: 3px solid rgba(31,58,61,.45); outline-offset: 2px; }
  button:disabled { opacity: .7; cursor: progress; }
  .error { margin: 0 0 1rem; padding: .75rem .875rem; border-radius: 8px; background: #fbefec; color: #9f3a29; border: 1px solid #efc9c0; }
  .error[hidden] { display: none; }
</style>
</head>
<body>
<main>
  <p class="brand">Comptoir</p>
  <div class="card">
    <h1>Connexion</h1>
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
    <noscript><p class="error">JavaScript doit être activé pour se connecter.</p></noscript>
  </div>
</main>
<script nonce="${nonce}">
(function () {
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
        localStorage.setItem('accessToken', tokens.accessToken);
        localStorage.setItem('refreshToken', tokens.refreshToken);
        window.location.assign(target(field('redirect').value));
      });
    }).catch(function () {
      show(fallback);
      button.disabled = false;
    });
  });
})();
</script>
</body>
</html>
`;
  return { html, contentSecurityPolicy };
}
