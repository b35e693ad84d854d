import { REFERRAL_FIELD_MAX_LENGTH, REFERRAL_PHONE_PATTERN } from '@comptoir/contracts';
import { escapeHtml, renderHtmlPage, scriptLiteral, type HtmlPage } from '../../platform/html-page';

export type InvitationView =
  | { kind: 'invited'; code: string; referrerName: string; accountName: string }
  | { kind: 'signed_up' }
  | { kind: 'unknown' };

const THANKS =
  'Merci ! Vos coordonnées ont bien été transmises : notre équipe vous rappelle très vite pour vous présenter Comptoir.';

/**
 * The public page of a referral link (issue 19 part 8), in French as sponsorship is: the invited
 * restaurant leaves its details, which moves the referral to « signed up ».
 */
export function renderReferralSignUpPage(view: InvitationView): HtmlPage {
  if (view.kind !== 'invited') {
    const message = view.kind === 'signed_up' ? THANKS : "Ce lien d'invitation n'est pas valide.";
    return renderHtmlPage({
      title: 'Invitation',
      maxWidth: '28rem',
      card: `<h1>Invitation à découvrir Comptoir</h1>
    <p class="${view.kind === 'signed_up' ? 'success' : 'error'}" role="status">${escapeHtml(message)}</p>`,
      script: '',
    });
  }
  const field = (id: string, label: string, type: string, autocomplete: string) => `
      <div class="field">
        <label for="${id}">${label}</label>
        <input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required
          maxlength="${REFERRAL_FIELD_MAX_LENGTH}" aria-describedby="${id}-error">
        <p id="${id}-error" class="field-error" hidden></p>
      </div>`;
  return renderHtmlPage({
    title: 'Invitation',
    maxWidth: '28rem',
    card: `<h1>Invitation à découvrir Comptoir</h1>
    <p>${escapeHtml(view.referrerName)} (${escapeHtml(view.accountName)}) vous recommande Comptoir.
      Laissez vos coordonnées : notre équipe vous rappelle pour vous le présenter.</p>
    <p id="form-error" class="error" role="alert" hidden></p>
    <p id="done" class="success" role="status" hidden>${escapeHtml(THANKS)}</p>
    <form id="sign-up-form" novalidate>
      ${field('restaurantName', 'Nom du restaurant', 'text', 'organization')}
      ${field('contactName', 'Votre nom', 'text', 'name')}
      ${field('phone', 'Téléphone', 'tel', 'tel')}
      <button type="submit">Envoyer mes coordonnées</button>
    </form>
    <noscript><p class="error">JavaScript doit être activé pour envoyer vos coordonnées.</p></noscript>`,
    script: `(function () {
  var form = document.getElementById('sign-up-form');
  var formError = document.getElementById('form-error');
  var done = document.getElementById('done');
  var button = form.querySelector('button');
  var URL = ${scriptLiteral(`/api/sponsorship/invitations/${encodeURIComponent(view.code)}/sign-up`)};
  var NAMES = ['restaurantName', 'contactName', 'phone'];
  var PHONE = new RegExp(${scriptLiteral(REFERRAL_PHONE_PATTERN.source)});
  var REQUIRED = 'Ce champ est obligatoire.';
  var INVALID_PHONE = 'Ce numéro de téléphone n\\'est pas valide.';
  var FALLBACK = 'Une erreur est survenue.';
  function setError(name, message) {
    var input = document.getElementById(name);
    var error = document.getElementById(name + '-error');
    error.textContent = message || '';
    error.hidden = !message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    formError.hidden = true;
    var body = {};
    var isValid = true;
    NAMES.forEach(function (name) {
      body[name] = document.getElementById(name).value.trim();
      setError(name, body[name] ? null : REQUIRED);
      if (!body[name]) isValid = false;
    });
    if (body.phone && !PHONE.test(body.phone)) {
      setError('phone', INVALID_PHONE);
      isValid = false;
    }
    if (!isValid) return;
    button.disabled = true;
    fetch(URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (res) {
        return res.json().catch(function () { return {}; }).then(function (json) {
          if (res.ok) {
            form.hidden = true;
            done.hidden = false;
            return;
          }
          formError.textContent = (json && json.error && json.error.message) || FALLBACK;
          formError.hidden = false;
          button.disabled = false;
        });
      })
      .catch(function () {
        formError.textContent = FALLBACK;
        formError.hidden = false;
        button.disabled = false;
      });
  });
})();`,
  });
}
