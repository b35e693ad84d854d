import { PASSWORD_RULE } from '@comptoir/contracts';
import { escapeHtml, renderHtmlPage, type HtmlPage } from '../../platform/html-page';

/**
 * The page's script, a file of the built portal (apps/web `vite.password-page.config.ts` builds
 * `src/password-page.ts` into dist/assets/password-page.js): it renews the access token through the
 * portal's own renewal (`api/renewal.ts`: same Web Lock, threshold and storage), so there is one.
 */
export const PASSWORD_PAGE_SCRIPT = '/assets/password-page.js';

/**
 * The change-password page of the authentication service (`GET /auth/password`), in the sign-in
 * page's frame. Its script reads the portal's tokens from localStorage, renews the access token when
 * it is about to expire, and posts to `/auth/password` with it; the password rule comes from the
 * contracts, for its hint here and its check there.
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
    script: { src: PASSWORD_PAGE_SCRIPT },
  });
}
