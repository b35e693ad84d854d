import type { OuilinkEstablishment, OuilinkUserInfo } from '@comptoir/contracts';
import { escapeHtml, renderHtmlPage, type HtmlPage } from '../../platform/html-page';
import { formatEuros } from '../../platform/pdf/pdf-layout';
import type { OuilinkTokenClaims } from './ouilink.token';

/** The local stand-in of the partner's site: what a fresh install shows in the `ouilink` frame. */
const STANDIN_NOTE =
  '<p class="hint">Site partenaire simulé : sur cette installation, Comptoir remplace le site de OuiLink.</p>';

/** A few lines of a supplier catalogue, prices in cents excluding VAT. */
const CATALOGUE: readonly { name: string; priceExclVat: number }[] = [
  { name: 'Farine de sarrasin bio, sac de 25 kg', priceExclVat: 4290 },
  { name: 'Beurre doux AOP, plaque de 2 kg', priceExclVat: 2380 },
  { name: 'Œufs plein air calibre M, plateau de 30', priceExclVat: 890 },
  { name: 'Cidre brut fermier, carton de 12 × 75 cl', priceExclVat: 3960 },
  { name: 'Café en grains pur arabica, 1 kg', priceExclVat: 1850 },
];

/** The partner's direct page: greets the restaurant the token names, or says the link is no longer valid. */
export function renderCataloguePage(claims: OuilinkTokenClaims | null): HtmlPage {
  const card = claims
    ? `<h1>OuiLink · Bonjour ${escapeHtml(claims.companyName)} !</h1>
    <p class="success" role="status">Connecté depuis Comptoir : compte client OuiLink n° ${escapeHtml(claims.customerId)}.</p>
    <p>Vos produits du jour, livrés demain avant 10 h :</p>
    <ul>
      ${CATALOGUE.map((item) => `<li>${escapeHtml(item.name)} — ${formatEuros(item.priceExclVat)} HT</li>`).join('\n      ')}
    </ul>
    ${STANDIN_NOTE}`
    : `<h1>OuiLink</h1>
    <p class="error" role="alert">Ce lien de connexion n’est plus valable. Rouvrez OuiLink depuis le menu Partenaires de Comptoir.</p>
    ${STANDIN_NOTE}`;
  return renderHtmlPage({ title: 'OuiLink', maxWidth: '40rem', card, script: '' });
}

interface SignupField {
  name: string;
  label: string;
  type: string;
  isRequired: boolean;
  value(userInfo: OuilinkUserInfo): string;
}

const FIELDS: readonly SignupField[] = [
  {
    name: 'companyName',
    label: 'Établissement',
    type: 'text',
    isRequired: true,
    value: (u) => u.companyName,
  },
  { name: 'siret', label: 'SIRET', type: 'text', isRequired: false, value: (u) => u.siret ?? '' },
  { name: 'firstname', label: 'Prénom', type: 'text', isRequired: true, value: (u) => u.firstname },
  { name: 'lastname', label: 'Nom', type: 'text', isRequired: true, value: (u) => u.lastname },
  { name: 'email', label: 'E-mail', type: 'email', isRequired: true, value: (u) => u.email },
  {
    name: 'street',
    label: 'Adresse',
    type: 'text',
    isRequired: false,
    value: (u) => u.address?.street ?? '',
  },
  {
    name: 'zipcode',
    label: 'Code postal',
    type: 'text',
    isRequired: false,
    value: (u) => u.address?.zipcode ?? '',
  },
  { name: 'city', label: 'Ville', type: 'text', isRequired: false, value: (u) => u.address?.city ?? '' },
];

function establishmentItem(establishment: OuilinkEstablishment): string {
  const details = [
    establishment.siret ? `SIRET ${establishment.siret}` : null,
    establishment.address?.city ?? null,
  ].filter((detail) => detail !== null);
  const suffix = details.length ? ` · ${escapeHtml(details.join(' · '))}` : '';
  return `<li>${escapeHtml(establishment.companyName)}${suffix}</li>`;
}

/** The partner's onboarding page: the sign-up form prefilled from `c`; sending it only says thanks. */
export function renderOnboardingPage(userInfo: OuilinkUserInfo | null): HtmlPage {
  const fields = FIELDS.map((field) => {
    const value = userInfo ? field.value(userInfo) : '';
    return `<div class="field">
        <label for="${field.name}">${field.label}</label>
        <input id="${field.name}" name="${field.name}" type="${field.type}" value="${escapeHtml(value)}"${field.isRequired ? ' required' : ''}>
      </div>`;
  }).join('\n      ');
  const intro = userInfo
    ? '<p>Vos informations Comptoir sont déjà remplies : vérifiez-les, puis envoyez votre demande.</p>'
    : '<p class="error" role="alert">Vos informations Comptoir n’ont pas pu être lues : remplissez le formulaire.</p>';
  const establishments = userInfo?.establishments.length
    ? `<fieldset>
        <legend>Établissements à ouvrir (${userInfo.establishments.length})</legend>
        <ul class="establishments">${userInfo.establishments.map(establishmentItem).join('')}</ul>
      </fieldset>`
    : '';
  const card = `<h1>OuiLink · Ouvrir un compte</h1>
    ${intro}
    <form id="signup">
      ${fields}
      ${establishments}
      <button type="submit">Créer mon compte OuiLink</button>
    </form>
    <p id="sent" class="success" role="status" hidden>Demande envoyée : OuiLink valide votre compte sous 24 h, puis il apparaît comme validé dans Comptoir.</p>
    ${STANDIN_NOTE}`;
  const script = `
  const form = document.getElementById('signup');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    form.hidden = true;
    document.getElementById('sent').hidden = false;
  });`;
  return renderHtmlPage({ title: 'OuiLink · Ouvrir un compte', maxWidth: '32rem', card, script });
}
