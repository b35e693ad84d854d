// Over 400 lines: the texts of the five downloadable guides, written beside the product's constants they quote; mostly prose.
import {
  ACCOUNTING_EXPORT_DEFAULT_MODE,
  ACCOUNTING_PREVIEW_LIMIT,
  ACCOUNTING_VAT_KEYS,
  CUSTOMER_HISTORY_MAX_ROWS,
  CUSTOMER_LIST_UNFILTERED_LIMIT,
  CUSTOMER_OPTION_SUITE_ONLY_KEY,
  CUSTOMER_OPTION_SWITCH_KEYS,
  FEC_HEADER,
  FISCAL_PERIOD_MAX_DAYS,
  TICKET_SEPARATE_NOTES_MAX,
  signatureDefectCode,
  type AccountingVatKey,
  type SignatureDefectCode,
} from '@comptoir/contracts';
import { JET_EVENTS } from '../../platform/jet';
import { DEFAULT_VAT_KEYS } from '../accounting-export/accounting-defaults';
import { ARCHIVE_LINK_TTL_SECONDS } from '../fiscal-archives/fiscal-archives.service';
import { CSV_HEADER } from '../fiscal-archives/fiscal-archives.csv';
import { VERIFICATION_GUIDE, VERIFICATION_GUIDE_FILENAME } from '../fiscal-archives/fiscal-archives.guide';
import { KEY_HEADER } from '../fiscal-archives/fiscal-archives.key';
import type { GuideKey } from './documentation.catalogue';

/**
 * The text of the library's PDFs (issue 19 part 4), written for restaurant owners, in French, about
 * Comptoir as built. Facts that the code defines (FEC header, VAT keys and their proposed values,
 * archive link lifetime, the verification recipe, defect codes, JET codes, option keys) are imported,
 * never retyped, so a change there changes the guides the next time `make-documentation.ts` runs.
 */
export type GuideBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: readonly string[] }
  | { kind: 'steps'; items: readonly string[] }
  | { kind: 'code'; text: string }
  | { kind: 'table'; head: readonly [string, string]; rows: readonly (readonly [string, string])[] }
  | { kind: 'note'; text: string };

export interface Guide {
  /** The title printed on the cover (the library's title may differ, e.g. list-incident-fisc). */
  title: string;
  subtitle: string;
  author: string;
  edition: 'suite' | 'standard' | 'both';
  /** The cover's colour band. */
  color: string;
  blocks: readonly GuideBlock[];
}

const h = (text: string): GuideBlock => ({ kind: 'heading', text });
const h2 = (text: string): GuideBlock => ({ kind: 'subheading', text });
const p = (text: string): GuideBlock => ({ kind: 'paragraph', text });
const bullets = (...items: string[]): GuideBlock => ({ kind: 'bullets', items });
const steps = (...items: string[]): GuideBlock => ({ kind: 'steps', items });
const code = (text: string): GuideBlock => ({ kind: 'code', text });
const note = (text: string): GuideBlock => ({ kind: 'note', text });
const table = (head: [string, string], rows: [string, string][]): GuideBlock => ({
  kind: 'table',
  head,
  rows,
});

const TEAM = 'Équipe Comptoir';
const FISCAL_TEAM = 'Pôle conformité fiscale Comptoir';
const BRAND = '#1f3a3d';
const ACCENT = '#a95c30';

/**
 * One numbered section of `LISEZ-MOI-verification.txt` (« 3. RECETTE AVEC SHA256SUM ET OPENSSL » and
 * its body up to the next section), as the archive ships it.
 */
export function verificationGuideSection(number: number): { title: string; body: string } {
  const lines = VERIFICATION_GUIDE.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`${number}. `));
  if (start < 0) throw new Error(`LISEZ-MOI section ${number} not found`);
  const end = lines.findIndex((line, i) => i > start + 1 && /^\d+\. /.test(line));
  const body = lines
    .slice(start + 2, end < 0 ? undefined : end)
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
  return { title: lines[start]!.replace(/^\d+\. /, ''), body };
}

const days = (seconds: number) => `${seconds / 86_400} jours`;

// ---------------------------------------------------------------------------------------------------
// Quick-start guide

function quickStart(edition: 'suite' | 'standard'): Guide {
  const isSuite = edition === 'suite';
  return {
    title: isSuite ? 'Guide de démarrage rapide — Comptoir Suite' : 'Guide de démarrage rapide',
    subtitle: isSuite
      ? 'Le portail de gestion pour les groupes de plusieurs établissements'
      : 'Le portail de gestion de votre établissement',
    author: TEAM,
    edition,
    color: BRAND,
    blocks: [
      h('Bienvenue dans Comptoir'),
      p(
        'Comptoir est le portail de gestion de votre caisse enregistreuse. Vos caisses y envoient chaque vente, chaque paiement et chaque clôture, signés : vous y lisez vos chiffres, vous y tenez vos comptes clients, vous y préparez les exports pour votre expert-comptable et vous y trouvez tout ce que la loi anti-fraude demande de conserver.',
      ),
      isSuite
        ? p(
            'Comptoir Suite est l’édition des groupes : un seul compte réunit plusieurs établissements. Chaque écran propose un choix d’établissement ; les rapports et les listes additionnent les établissements choisis, les exports comptables se font établissement par établissement.',
          )
        : p(
            'Ce guide décrit l’édition standard, pensée pour un établissement : un restaurant, un bar, une crêperie. Vos caisses, vos utilisateurs et vos comptes clients sont rattachés à cet établissement.',
          ),
      h('1. Se connecter'),
      steps(
        'Ouvrez l’adresse du portail que votre installateur vous a donnée, puis « Se connecter ».',
        'Saisissez l’adresse e-mail de votre compte et votre mot de passe.',
        'À la première visite, une courte vidéo présente le portail ; vous la retrouvez ensuite dans le menu Aide.',
      ),
      p(
        'Le mot de passe compte au moins 8 caractères, dont une majuscule, une minuscule, un chiffre et un caractère spécial. La session se renouvelle d’elle-même tant que le portail reste ouvert ; « Se déconnecter », dans le menu de votre compte en haut à droite, la termine sur ce navigateur.',
      ),
      p(
        'Le titulaire du compte voit tout. Un sous-utilisateur (un serveur, un responsable de salle) ne voit que les services que le titulaire lui a ouverts : rapports, comptes clients, administration fiscale ou export comptable. Une page qu’il n’a pas le droit d’ouvrir affiche « service non autorisé ».',
      ),
      note(
        'Le sélecteur de langue, dans la barre du haut, propose le français, l’espagnol et le catalan. Les textes légaux, les exports et les documents fiscaux restent en français.',
      ),
      h('2. Le menu et l’accueil'),
      p(
        'Le menu de gauche se replie pour laisser la place aux tableaux ; sur un téléphone, il s’ouvre par le bouton du haut et se referme dès que vous choisissez une page. Ses entrées :',
      ),
      bullets(
        'Rapports de ventes : analyse des ventes, détail des services, détail par jour de semaine, bande de contrôle et réglages des rapports.',
        'Tableau de bord analytique : vos indicateurs en graphiques.',
        'Comptes clients : soldes, crédits et historique des comptes de vos clients.',
        'Administration fiscale : clôtures, journal des événements techniques et archives fiscales.',
        'Comptabilité : l’export comptable pour votre expert-comptable et l’export des données.',
        'Partenaires, Actualités et Aide (documentation, vidéos de formation, FAQ).',
      ),
      p(
        isSuite
          ? 'L’accueil affiche le chiffre d’affaires du jour, de la veille et de la semaine en cours, comparé aux mêmes jours de la semaine précédente, pour chacun de vos établissements.'
          : 'L’accueil affiche le chiffre d’affaires du jour, de la veille et de la semaine en cours, comparé aux mêmes jours de la semaine précédente.',
      ),
      h('3. Lire les rapports'),
      steps(
        isSuite
          ? 'Choisissez les établissements et la période : aujourd’hui, hier, 7 ou 30 derniers jours, ce mois-ci, le mois dernier, cette année ou une période personnalisée.'
          : 'Choisissez la période : aujourd’hui, hier, 7 ou 30 derniers jours, ce mois-ci, le mois dernier, cette année ou une période personnalisée.',
        'Ouvrez le rapport voulu. Le choix de période vous suit de rapport en rapport jusqu’à la fin de la session.',
        'Cliquez un service ou une ligne pour en ouvrir le détail.',
      ),
      table(
        ['Rapport', 'Ce qu’il montre'],
        [
          [
            'Analyse des ventes',
            'Évolution du chiffre d’affaires par période, produit, catégorie et moyen de paiement.',
          ],
          ['Détail des services', 'Ouverture, clôture, encaissements et écarts de caisse de chaque service.'],
          ['Détail par jour de semaine', 'Vos lundis comparés à vos lundis, vos samedis à vos samedis.'],
          ['Bande de contrôle', 'Le journal des tickets et des opérations de caisse, service par service.'],
          ['Réglages des rapports', 'Heure de début de journée, montants TTC ou HT et période par défaut.'],
        ],
      ),
      p(
        'Une vente faite après minuit appartient à la journée commerciale de la veille tant qu’elle précède l’heure de début de journée que vous avez réglée : les rapports, les clôtures et les exports comptent tous les jours de la même façon.',
      ),
      h('4. Suivre les clôtures'),
      p(
        'À la fin de chaque service, la caisse clôture : elle fige les ventes, les paiements et les totaux, et signe la clôture. Les clôtures journalières, mensuelles et annuelles suivent, avec leurs grands totaux perpétuels. Comptoir vérifie chaque signature à l’arrivée et fait aussi ses propres clôtures serveur.',
      ),
      steps(
        'Ouvrez Administration fiscale. La liste des clôtures se filtre par type, par caisse et par période.',
        'Ouvrez une clôture pour voir ses services, commandes, paiements et mouvements de caisse ; chaque détail a son historique.',
        'Le bouton du ticket Z affiche le rapport de clôture en PDF. Chaque réimpression porte la mention « DUPLICATA » et son numéro.',
        '« Vérifier les signatures » revérifie les signatures et les chaînages de toutes les caisses sur la période : les anomalies trouvées s’affichent dans la page des erreurs.',
      ),
      p(
        'Un inspecteur de l’administration fiscale peut demander un accès en lecture : vous saisissez sa demande depuis la page Administration fiscale, le support la valide, l’inspecteur reçoit un lien personnel et chaque connexion est inscrite au journal des événements techniques (JET).',
      ),
      h('5. Exporter'),
      table(
        ['Export', 'Où et comment'],
        [
          [
            'Export comptable (FEC ou CSV)',
            'Comptabilité › Export comptable. Un établissement, une période, un fichier des écritures reçu par e-mail. Voir le « Guide de l’export comptable (FEC) ».',
          ],
          [
            'Lignes de ventes',
            'Comptabilité › Export des données. Période, établissements, type d’activité (sur place, à emporter, livraison) ; aperçu des premières lignes, puis le fichier XLSX ou CSV par e-mail.',
          ],
          [
            'Archives fiscales',
            'Administration fiscale › Export des données archivées. Encaissements ou clôtures, un an au plus, avec leur clé de vérification. Voir « Vérifier une archive fiscale ».',
          ],
          [
            'Comptes clients',
            'Comptes clients : historique des opérations, tous les clients, ventes impayées, en XLSX par e-mail.',
          ],
        ],
      ),
      p(
        `Les fichiers partent par e-mail dès qu’ils sont prêts, avec un lien valable ${days(ARCHIVE_LINK_TTL_SECONDS)} ; une notification vous prévient aussi dans le portail. Chaque export est inscrit au journal des événements techniques.`,
      ),
      h('6. Les comptes clients'),
      p(
        'Un compte client est une ardoise (le client paie plus tard) ou un compte prépayé (le client verse d’avance). La caisse débite le compte, le portail montre le solde, les notes à payer, les crédits et l’historique, et envoie les tickets au client.',
      ),
      isSuite
        ? bullets(
            'Cochez des comptes pour les supprimer d’un coup : seuls les comptes au solde nul peuvent l’être, les opérations signées restent conservées.',
            'Modifiez la fiche d’un client (nom, e-mail, téléphone, société) depuis son détail.',
            'Filtrez par type de compte, ardoise ou prépayé.',
            'Envoyez les tickets jour par jour, et interdisez le paiement avec un moyen de paiement exclu.',
          )
        : bullets(
            'La liste montre le numéro de carte de chaque client, celui que la caisse lit.',
            'Le détail d’un compte sépare les notes impayées, les notes payées et les crédits.',
            'Le ticket des notes choisies s’affiche en PDF et part par e-mail au client.',
          ),
      p('Le « Guide des comptes clients » décrit chaque écran et chaque réglage.'),
      h('7. Trouver de l’aide'),
      bullets(
        'Aide › Documentation : ce guide et les autres, à télécharger en PDF.',
        'Aide › Vidéos de formation : sept vidéos courtes ; le portail retient celles que vous avez vues et reprend une vidéo là où vous l’avez laissée.',
        'Aide › FAQ : les questions les plus posées, avec une recherche qui tolère les fautes de frappe.',
        'Les notifications, sous la cloche en haut à droite, annoncent les exports prêts et les messages du support.',
      ),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------
// Fiscal archive verification guide

function fiscalArchive(): Guide {
  const recipe = verificationGuideSection(3);
  const keySection = verificationGuideSection(1);
  const keyFields = keySection.body
    .split('\n')
    .filter((line) => /^ {2}[a-z0-9_]+=/.test(line))
    .map((line) => line.trim().split('=')[0]!);
  return {
    title: 'Vérifier une archive fiscale',
    subtitle: 'Intégrité et authenticité de vos archives, avec le portail ou avec des outils standard',
    author: FISCAL_TEAM,
    edition: 'both',
    color: '#2f4f6f',
    blocks: [
      h('Pourquoi des archives fiscales'),
      p(
        'Depuis la loi anti-fraude de 2018, un logiciel de caisse doit garantir l’inaltérabilité, la sécurisation, la conservation et l’archivage des données d’encaissement (condition de la certification NF525). Comptoir conserve toutes les données signées par vos caisses ; l’archive fiscale en est l’extrait que vous gardez, ou que vous remettez à un inspecteur, pour une période et un établissement.',
      ),
      p(
        'Chaque enregistrement d’une caisse est signé par la caisse (Ed25519) et chaîné au précédent : la signature d’un enregistrement couvre celle du précédent. Une ligne modifiée, retirée ou ajoutée casse la chaîne et se voit. L’archive reprend ces enregistrements tels quels ; le serveur signe à son tour la clé de vérification qui l’accompagne.',
      ),
      h('1. Demander une archive'),
      steps(
        'Ouvrez Administration fiscale, puis « Export des données archivées » (le bouton est aussi dans le menu de votre compte).',
        'Choisissez l’établissement, le type d’archive (« Export des encaissements » ou « Export des clôtures ») et la période.',
        `La période tient dans un an : ${FISCAL_PERIOD_MAX_DAYS} jours au plus, entre le 01/01/2000 et le 31/12 de l’année en cours.`,
        'Indiquez l’adresse e-mail de réception et validez. L’archive est fabriquée en arrière-plan.',
      ),
      p(
        `Le courriel contient trois liens, valables ${days(ARCHIVE_LINK_TTL_SECONDS)}. Téléchargez les trois fichiers et conservez-les ensemble : l’archive (.csv), sa clé de vérification (.txt) et le guide ${VERIFICATION_GUIDE_FILENAME}. Chaque archive fabriquée est inscrite au journal des événements techniques (code ${JET_EVENTS.fiscalArchiveBuilt.code}, « ${JET_EVENTS.fiscalArchiveBuilt.label} »).`,
      ),
      note(
        'Un inspecteur connecté avec son accès de l’administration fiscale peut lancer le même export ; l’archive n’est alors envoyée qu’à l’adresse e-mail validée pour son accès.',
      ),
      h('2. Ce que contient l’archive'),
      h2('L’archive (.csv)'),
      p(
        'Un enregistrement signé par ligne, séparateur point-virgule, chaque champ entre guillemets, trié par caisse, type et numéro. La première ligne est l’en-tête :',
      ),
      code(CSV_HEADER.trim()),
      table(
        ['Colonne', 'Contenu'],
        [
          ['register_id', 'La caisse qui a signé.'],
          ['kind', 'Le type d’enregistrement : commande, paiement, service, clôture…'],
          ['seq', 'Le numéro dans la chaîne de cette caisse et de ce type : 1, 2, 3…'],
          ['at', 'L’instant de l’enregistrement, en UTC.'],
          ['prev_sig', 'La signature de l’enregistrement précédent de la même chaîne.'],
          ['sig', 'La signature Ed25519 de la caisse, en base64.'],
          [
            'data',
            'Le contenu de l’enregistrement, tel que la caisse l’a signé (JSON canonique, montants en centimes).',
          ],
        ],
      ),
      h2('La clé de vérification (.txt)'),
      p(
        `Un champ « nom=valeur » par ligne, après l’en-tête ${KEY_HEADER}. La dernière ligne, signature=, est la signature du serveur sur toutes les lignes qui la précèdent. Les champs, dans l’ordre : ${keyFields.join(', ')}.`,
      ),
      p(
        'file_sha256 est l’empreinte SHA-256 du .csv : elle prouve l’intégrité. La signature du serveur prouve l’authenticité de la clé, donc de cette empreinte. previous_archive_sha256 relie chaque archive à la précédente du même établissement : les archives forment elles aussi une chaîne. Les lignes register= publient la clé publique de chaque caisse dont l’archive contient des enregistrements.',
      ),
      h('3. Vérifier avec le portail'),
      steps(
        'Ouvrez Administration fiscale, puis « Vérifier un fichier d’export fiscal ».',
        'Déposez le .csv (50 Mo au plus) et son .txt (64 Ko au plus).',
        'Lisez le verdict, ligne par ligne.',
      ),
      table(
        ['Verdict', 'Ce qu’il signifie'],
        [
          [
            'Fichier non modifié : intégrité assurée',
            'L’empreinte SHA-256 du .csv est celle que la clé annonce.',
          ],
          ['Fichier modifié : intégrité non assurée', 'Le .csv n’est plus celui que Comptoir a fabriqué.'],
          [
            'Clé authentique : signée par le serveur',
            'La clé a été signée par le serveur Comptoir et n’a pas été retouchée.',
          ],
          ['Clé non authentique', 'La signature du serveur ne correspond pas : la clé a été modifiée.'],
          [
            'Aucune archive de votre compte ne correspond',
            'La clé est authentique, mais ne vient pas de votre compte.',
          ],
          [
            'Erreurs de chaînage',
            'L’historique des exports de l’établissement présente des trous ou des liens rompus.',
          ],
        ],
      ),
      p(
        `Chaque vérification est inscrite au journal des événements techniques (code ${JET_EVENTS.fiscalFileChecked.code}, « ${JET_EVENTS.fiscalFileChecked.label} »), avec son verdict et l’empreinte du fichier ; une vérification qui échoue l’est une fois par heure et par utilisateur, les suivantes de l’heure étant comptées.`,
      ),
      h('4. Vérifier sans Comptoir : sha256sum et OpenSSL'),
      p(
        `Un inspecteur, un expert-comptable ou vous-même pouvez tout vérifier sans le logiciel Comptoir, avec les outils standard d’un poste Linux ou macOS : sha256sum, head, tail, grep, cut, base64 et OpenSSL 3. Voici la recette de ${VERIFICATION_GUIDE_FILENAME}, telle que l’archive la livre (section « ${recipe.title} ») :`,
      ),
      // The recipe's last line announces the Python script of the guide's next section, not reproduced here.
      code(
        recipe.body
          .split('\n')
          .filter((line) => !line.includes('ci-dessous'))
          .join('\n')
          .trimEnd(),
      ),
      p(
        'L’étape 1 compare l’empreinte du fichier à celle de la clé : deux valeurs identiques, l’archive est intacte. L’étape 2 vérifie la signature du serveur : OpenSSL doit répondre « Signature Verified Successfully ». L’étape 3 vérifie la signature d’un enregistrement avec la clé publique de sa caisse ; le guide livré avec l’archive décrit aussi les octets exacts signés et un script Python qui vérifie toutes les lignes d’un coup.',
      ),
      h('5. La clé publique du serveur'),
      p(
        'Une clé peut être authentique pour la clé publique qu’elle porte, encore faut-il que cette clé publique soit celle de Comptoir. Le portail publie, sans authentification, la clé du serveur et l’historique de ses clés avec leurs dates de validité, à l’adresse :',
      ),
      code('<adresse du portail>/api/administration-fiscale/keys'),
      p(
        'Comparez la valeur server_key_fingerprint de la clé à l’empreinte publiée pour la date de l’archive. Les clés des caisses se lisent aussi sur l’écran technique de l’administration fiscale, avec leur numéro de série et leur date d’enregistrement.',
      ),
      h('6. Si une vérification échoue'),
      bullets(
        'Retéléchargez les fichiers depuis le courriel (ou redemandez l’archive) : un fichier ouvert et réenregistré par un tableur n’a plus la même empreinte.',
        'Ne corrigez jamais une archive à la main : conservez les fichiers tels quels, ils servent de preuve.',
        'Lancez « Vérifier les signatures » sur la période depuis la liste des clôtures ; les anomalies apparaissent dans la page des erreurs.',
        'Contactez le support Comptoir avec le nom des fichiers et le verdict obtenu.',
      ),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------
// Accounting export guide

const FEC_FIELD_MEANING: Record<(typeof FEC_HEADER)[number], string> = {
  JournalCode: 'Le code du journal, « VT » par défaut (réglage account_vat_journal).',
  JournalLib: 'Le libellé du journal, « Ventes » par défaut.',
  EcritureNum: 'Le numéro de l’écriture, continu d’un export à l’autre.',
  EcritureDate: 'La date de la journée commerciale, AAAAMMJJ.',
  CompteNum: 'Le numéro de compte du plan comptable : 707…, 44571…, 530000…',
  CompteLib: 'Le libellé de ce compte.',
  CompAuxNum: 'Le compte auxiliaire du client, sur les seules lignes de compte client (411).',
  CompAuxLib: 'Le nom de ce client.',
  PieceRef:
    'La pièce : le numéro de clôture journalière de l’établissement (Z123), que montrent l’écran des clôtures (colonne « N° de clôture de l’établissement ») et le rapport Z de chaque caisse.',
  PieceDate: 'La date de cette pièce.',
  EcritureLib: 'Ce que dit la ligne, où et quand : « Ventes 10 % — Brasserie — 11/03/2026 ».',
  Debit: 'Le montant au débit, virgule décimale (1234,56), 0,00 sinon.',
  Credit: 'Le montant au crédit, même format.',
  EcritureLet: 'Le lettrage, vide : c’est le logiciel comptable qui lettre.',
  DateLet: 'La date de lettrage, vide.',
  ValidDate: 'La date de validation : le réglage account_vat_validdate, ou le jour de l’export.',
  Montantdevise: 'Le montant en devise, vide (tout est en euros).',
  Idevise: 'Le code de la devise, vide.',
};

const VAT_KEY_MEANING: Record<AccountingVatKey, string> = {
  account_vat_validdate: 'Date de validation écrite dans ValidDate',
  account_vat_journal: 'Code du journal',
  account_vat_journallib: 'Libellé du journal',
  account_vat_discount: 'Compte des remises accordées (709), quand elles sont comptabilisées en brut',
  account_vat__discount: 'Contrepartie des remises (plus utilisée : les ventes sont nettes)',
  account_vat_offered: 'Charge des offerts (plus utilisée : un offert n’a pas de prix de vente)',
  account_vat__offered: 'Contrepartie des offerts (plus utilisée)',
  account_vat_customer_account: 'Compte client (411)',
  account_vat_prepaid:
    'Avances reçues des clients (4191, 419110 si vide) : l’argent mis sur un compte client avant ses achats',
  account_vat_achats: 'Identifiant de mouvement « achats » (chiffres)',
  account_vat_ventes: 'Identifiant de mouvement « ventes » (chiffres)',
  account_vat_tips: 'Pourboires',
  account_vat_regulation_account: 'Compte de régularisation des centimes',
  account_vat_cashfloat_debit:
    'Variation du fonds de caisse, débit (531 par exemple) : seules ses variations sont comptabilisées',
  account_vat_cashfloat_credit: 'Variation du fonds de caisse, crédit (580 par exemple)',
  account_vat_mode: 'Mode : 1 général, 2 détaillé',
  account_vat_cash_transfer: 'Virements internes (580) : remises en banque et apports en caisse',
  account_vat_cash_expense: 'Dépenses payées en espèces (606)',
  account_vat_cash_shortage: 'Manquants de caisse constatés au comptage (658)',
  account_vat_cash_overage: 'Excédents de caisse constatés au comptage (758)',
  account_vat_exercise_end:
    'Clôture de l’exercice, JJ/MM (31/12 si vide) : le FEC de l’exercice porte cette date',
  account_vat_label_length:
    'Longueur maximale des libellés d’écriture (20 à 200), le jour et l’établissement en tête ; vide : libellés entiers',
  account_vat_charset: 'Jeu de caractères du fichier : vide pour UTF-8, latin9 pour ISO 8859-15',
  account_vat_account_length:
    'Longueur des numéros de compte (6 à 15), complétés par des zéros ; vide : tels que configurés',
  account_vat_discount_booking:
    'Remises : vide, ventes nettes (par défaut) ; gross, ventes brutes et remises HT au 709',
};

function accountingExport(): Guide {
  return {
    title: 'Guide de l’export comptable (FEC)',
    subtitle: 'Des ventes de vos caisses aux écritures de votre expert-comptable',
    author: TEAM,
    edition: 'both',
    color: '#3d5a3a',
    blocks: [
      h('Ce que fait l’export comptable'),
      p(
        'L’export comptable transforme les ventes et les encaissements de vos caisses en écritures comptables, au format du fichier des écritures comptables (FEC) défini par l’article A47 A-1 du livre des procédures fiscales, ou en CSV. Votre expert-comptable l’importe dans son logiciel : plus de ressaisie des tickets Z.',
      ),
      p(
        'Chaque journée commerciale d’un établissement donne une écriture : au débit, les encaissements par moyen de paiement et les ventes mises sur un compte client ; au crédit, les ventes hors taxes par taux de TVA, la TVA collectée et les pourboires. Les ventes sont nettes de leurs remises, sans écriture de remise ; le réglage « Remises » les passe en ventes brutes, remises hors taxes au débit du 709 par taux. Les articles offerts, sans prix de vente, ne sont pas comptabilisés. Les avoirs émis forment une écriture à part : réduction de la vente (709 hors taxes et TVA reprise) ou cadeau (6234), au crédit du compte des avoirs (4191), qui est débité quand le client les utilise. Le journal de caisse forme une autre écriture : remises en banque et apports (virements internes, 580), dépenses payées en espèces (606) et écarts constatés au comptage du tiroir (manquants 658, excédents 758) ; le compte de caisse suit ainsi l’argent compté à chaque clôture. Les règlements de comptes clients forment une écriture à part ; l’argent qu’un client met sur son compte au-delà de ce qu’il doit (recharge d’un compte prépayé) est crédité aux avances reçues (4191, avec son compte auxiliaire), que ses achats suivants débitent avant de porter au compte client 411.',
      ),
      h('1. Configurer les comptes'),
      p(
        'Le bouton de réglages de la page Comptabilité › Export comptable ouvre le panneau « Configuration des comptes », établissement par établissement, avec trois onglets :',
      ),
      bullets(
        'Comptes : chaque compte et ce qu’il reçoit (catégories ou produits, moyens de paiement, taux de TVA, clients, remises, offerts).',
        'Créer compte : un nouveau compte, avec sa section analytique, son libellé et son numéro (tous obligatoires).',
        'Configuration : le journal, les comptes de remise, d’offert, de pourboires, de régularisation, de fonds de caisse et le mode.',
      ),
      p(
        'Pour démarrer vite, Comptoir propose un plan comptable français à partir de votre catalogue : un compte de ventes 707 et un compte de TVA collectée 44571 par taux, un compte par moyen de paiement (53 pour les espèces, 511 pour les cartes, chèques et titres-restaurant, 411 pour les comptes clients), 512000 pour les virements reçus hors caisse. Rien n’est appliqué sans votre accord, et seul ce qui n’est pas encore configuré est proposé.',
      ),
      table(
        ['Réglage', 'Valeur proposée'],
        ACCOUNTING_VAT_KEYS.filter((key) => DEFAULT_VAT_KEYS[key] !== undefined).map((key) => [
          VAT_KEY_MEANING[key],
          DEFAULT_VAT_KEYS[key]!,
        ]),
      ),
      note(
        'Le fonds de caisse n’est pas comptabilisé : il reste dans le tiroir d’un jour à l’autre, ce n’est pas un flux de la journée, et Comptoir ne propose plus de comptes pour lui. Si vous en saisissez, les deux comptes vont ensemble : si un seul est rempli, le portail vous avertit que la configuration ne sera pas effective. Les identifiants de mouvement achats et ventes ne prennent que des chiffres.',
      ),
      h('2. Mode général ou détaillé'),
      table(
        ['Mode', 'Les ventes au crédit'],
        [
          ['1 — général', 'Une ligne par compte de ventes : l’écriture tient en quelques lignes.'],
          [
            '2 — détaillé',
            'Une ligne par taux de TVA, compte et section analytique : votre comptable suit le chiffre par famille de produits.',
          ],
        ],
      ),
      p(
        `Le mode ${ACCOUNTING_EXPORT_DEFAULT_MODE} (détaillé) est le réglage par défaut. Le sélecteur de mode de la page part du mode enregistré dans la configuration ; il règle l’aperçu et l’export que vous lancez.`,
      ),
      h('3. Exporter'),
      steps(
        'Choisissez l’établissement et la période (raccourcis : aujourd’hui, 7 derniers jours, 30 derniers jours, mois précédent).',
        `Lisez l’aperçu : les ${ACCOUNTING_PREVIEW_LIMIT} premières lignes, les 18 colonnes du FEC.`,
        'Choisissez FEC ou CSV, indiquez l’adresse e-mail, puis « Exporter ».',
        'Si des ventes n’ont pas de compte, le bouton de réglages s’illumine et la fenêtre d’avertissement liste ce qui manque : produits, moyens de paiement ou taux de TVA.',
      ),
      p(
        'Le FEC porte le nom légal {SIREN}FEC{AAAAMMJJ}, suivi du numéro de l’export et des écritures qu’il contient (…-export3-ecritures48a95.txt, ou …-corrections… s’il ne contient que des corrections) : deux fichiers n’ont jamais le même nom. Champs séparés par des barres verticales, UTF-8, fin de ligne CRLF, montants avec une virgule décimale. Un fichier de description (arrêté du 29 juillet 2013) l’accompagne. Le CSV (export-comptable-{début}-{fin}-export{n}.csv) met chaque champ entre guillemets et le sépare par des virgules ; le CSV (;) par des points-virgules, et commence par l’indicateur UTF-8 : un tableur réglé en français l’ouvre directement en colonnes.',
      ),
      p(
        'Seules les journées clôturées sont exportées : une journée l’est quand toutes les caisses qui y ont enregistré des ventes ont fait leur ticket Z, ou quand le serveur l’a clôturée (au plus tard 48 heures après sa fin). L’aperçu et l’export s’arrêtent la veille de la première journée encore ouverte, et le disent ; l’export FEC suivant reprend ces journées, une fois clôturées, avant sa propre période. Une période dont la première journée est encore ouverte ne s’exporte pas.',
      ),
      h('4. Les 18 champs du FEC'),
      table(
        ['Champ', 'Contenu'],
        FEC_HEADER.map((field) => [field, FEC_FIELD_MEANING[field]]),
      ),
      h('5. Numérotation et corrections'),
      p(
        'Les écritures sont numérotées à partir du compteur de l’établissement, qui avance à chaque export FEC : deux FEC ne réutilisent jamais un numéro. Vous pouvez relever le compteur, jamais le ramener à un numéro déjà utilisé. Le CSV est une autre présentation des mêmes écritures : il reprend celles que les FEC ont enregistrées, avec leurs numéros, puis celles que le prochain FEC enregistrera, numérotées comme il les numérotera ; il ne consomme aucun numéro et ne marque aucune journée comme exportée, si bien que le FEC d’une période déjà exportée en CSV est complet.',
      ),
      p(
        'Exporter une période déjà exportée ne réécrit pas le passé. Le portail vous prévient ; si vous confirmez, chaque journée est comparée à ce que les exports précédents ont écrit :',
      ),
      bullets(
        'une journée inchangée n’écrit rien ;',
        'une journée modifiée (une vente arrivée en retard, un produit rattaché à un autre compte) écrit une écriture « Correction — … » équilibrée, avec la même date et la même pièce, numérotée après le dernier export ;',
        'une journée jamais exportée écrit ses écritures complètes.',
      ),
      p(
        'Un export sans rien de nouveau n’écrit aucun fichier : la liste des exports et l’e-mail disent « aucune écriture nouvelle ». Chaque fichier reste téléchargeable depuis la liste des exports.',
      ),
      h('6. Pour l’expert-comptable'),
      p(
        'Sous la liste des exports, la partie « Pour l’expert-comptable » réunit ce que votre comptable demande :',
      ),
      bullets(
        'la déclaration de TVA (CA3) du mois choisi : par taux, les ventes hors taxes et leur TVA, les avoirs qui les réduisent et ce qu’il reste à déclarer, rapprochés au centime de la somme des rapports Z des caisses (« Extraire le tableau » l’enregistre en CSV) ;',
        'les rapports Z du mois en un PDF : jour par jour, le numéro de clôture de l’établissement, celui que le FEC porte en PieceRef, puis le rapport Z de chaque caisse, la TVA par taux et les règlements ;',
        'les comptes clients à la fin du mois : le solde de chaque client à côté de ses comptes auxiliaires dans les écritures, 411 pour ce qu’il doit et 4191 pour l’avance qu’il a versée (ils sont égaux au centime), ce que doivent les clients, les avances qu’ils détiennent et les avoirs restant à utiliser ;',
        'le FEC de l’exercice : toutes les écritures que vos exports FEC ont enregistrées sur l’exercice, avec leurs numéros, sous le nom légal {SIREN}FEC{date de clôture}.txt. La date de clôture de l’exercice (31/12 par défaut) se règle dans la configuration des comptes.',
      ),
      p(
        'Si le logiciel de votre comptable l’exige, la configuration des comptes règle aussi la présentation du fichier : une longueur maximale des libellés (le jour et l’établissement en tête), une longueur unique des numéros de compte (complétés par des zéros) et le jeu de caractères ISO 8859-15 au lieu d’UTF-8.',
      ),
      p(
        'En mode détaillé, chaque ligne porte la section analytique de son compte : le CSV l’écrit dans une dernière colonne « Analytique » ; le FEC, dont les 18 champs sont fixés par la loi, est accompagné d’un fichier « …-analytique.csv », téléchargeable depuis la liste des exports.',
      ),
      h('7. Bonnes pratiques'),
      bullets(
        'Exportez une fois par mois, après la clôture mensuelle.',
        'Configurez les comptes avant le premier export : un compte changé ensuite produit des corrections, pas une réécriture.',
        'Transmettez aussi le fichier de description : il indique le logiciel, l’établissement et le format.',
      ),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------
// Customer accounts guide

const OPTION_WORDS: Record<(typeof CUSTOMER_OPTION_SWITCH_KEYS)[number], string> = {
  customer_account: 'Activer la gestion des comptes sur la tablette',
  ca_auto_disable: 'Désactivation automatique en cas de dépassement du solde',
  ca_no_up_amount: 'Interdire de payer plus que le montant dû',
  ca_no_negative: 'Interdire un solde négatif après débit',
  ca_no_us_ticket: 'Interdire le paiement des tickets en service',
  ca_auto_disabled: 'Interdire le débit des nouveaux clients',
  ca_auto_email_new_tk: 'Envoyer automatiquement le ticket de l’ardoise à la clôture de caisse',
  ca_floor_exc_payment: 'Interdire le paiement avec un moyen de paiement exclu',
};

function customerAccounts(edition: 'suite' | 'standard'): Guide {
  const isSuite = edition === 'suite';
  const options = CUSTOMER_OPTION_SWITCH_KEYS.filter(
    (key) => isSuite || key !== CUSTOMER_OPTION_SUITE_ONLY_KEY,
  );
  return {
    title: isSuite ? 'Guide des comptes clients — Comptoir Suite' : 'Guide des comptes clients',
    subtitle: 'Ardoises, comptes prépayés, notes, crédits et tickets',
    author: TEAM,
    edition,
    color: ACCENT,
    blocks: [
      h('Deux sortes de comptes'),
      table(
        ['Type', 'Usage'],
        [
          [
            'Ardoise',
            'Le client consomme et paie plus tard : chaque note débite son compte, son solde devient négatif.',
          ],
          ['Compte prépayé', 'Le client verse d’avance : son solde est positif et chaque note le diminue.'],
        ],
      ),
      p(
        'La caisse ouvre les comptes, débite les notes et encaisse les règlements ; chaque opération est signée comme une vente. Le portail montre le résultat et vous laisse régler ce que la caisse autorise.',
      ),
      h('1. La liste des comptes'),
      p(
        `Comptes clients affiche vos clients avec leur nom, e-mail, téléphone, adresse, SIREN, établissement et solde${isSuite ? '' : ', et en premier le numéro de carte que lit la caisse'}. Sans recherche ni filtre, la liste montre les ${CUSTOMER_LIST_UNFILTERED_LIMIT} premiers comptes ; une recherche les parcourt tous.`,
      ),
      bullets(
        'La recherche porte sur le nom, le prénom, l’e-mail, le téléphone, le numéro de carte et la société.',
        `Les filtres : solde (débiteur, nul, créditeur), fréquentation, coordonnées connues${isSuite ? ', type de compte (ardoise ou prépayé)' : ''}.`,
        'Les colonnes statistiques (visites, panier moyen, couverts, chiffre d’affaires, remises, offerts) s’ajoutent depuis le sélecteur de colonnes ; le portail retient votre choix.',
        'Un clic sur un client ouvre son détail.',
      ),
      ...(isSuite
        ? [
            h2('Sélection et suppression'),
            p(
              'Cochez des comptes, ou la case d’en-tête qui coche les comptes au solde nul de la page, puis « Supprimer ». Un compte dont le solde n’est pas nul ne peut pas être supprimé : réglez d’abord l’ardoise ou remboursez le crédit. La suppression retire le compte des listes et des caisses ; ses opérations signées restent conservées pour l’administration fiscale.',
            ),
          ]
        : []),
      h('2. Le détail d’un compte'),
      bullets(
        'Notes impayées : les notes encore dues, avec leur ancienneté (0 à 30 jours, 31 à 60, 61 à 90, plus de 90).',
        'Notes payées : les notes réglées, avec la date de leur règlement.',
        'Crédits : les versements et leur utilisation, note par note.',
        'Le choix du mois et de l’établissement filtre les notes affichées ; le solde reste celui du compte.',
      ),
      p(
        'Cochez des notes : le ticket s’affiche en PDF (A4 ou rouleau 80 mm), avec ou sans le détail des produits. « Envoyer » l’adresse au client : l’e-mail part de la plateforme, avec votre adresse en réponse, et joint le ticket.',
      ),
      bullets(
        `Une note par PDF : jusqu’à ${TICKET_SEPARATE_NOTES_MAX} notes envoyées séparément.`,
        ...(isSuite
          ? ['Jour par jour : un ticket par journée, pratique pour les comptes d’entreprise.']
          : []),
      ),
      ...(isSuite
        ? [
            h2('Modifier la fiche'),
            p(
              'Le bouton de modification ouvre la fiche du client : nom (obligatoire), prénom, e-mail, téléphone avec indicatif, adresse, note, et pour une société son nom, son SIREN et son numéro de TVA. Les caisses reçoivent la fiche modifiée à leur prochaine synchronisation ; les opérations passées ne changent pas.',
            ),
            p('Le bouton « Supprimer le compte » du détail n’est actif qu’à solde nul.'),
          ]
        : []),
      h('3. Les réglages'),
      p(
        'Le bouton de réglages de la liste règle, pour tout le compte, ce que les caisses autorisent. Les caisses appliquent les réglages dès leur prochaine synchronisation.',
      ),
      table(
        ['Clé', 'Réglage'],
        options.map((key) => [key, OPTION_WORDS[key]]),
      ),
      p(
        'S’y ajoutent le BIC et l’IBAN de votre établissement, l’e-mail d’alerte et le solde d’alerte : quand une note fait passer un compte sous ce solde, une notification apparaît dans le portail et l’e-mail d’alerte est prévenu. Un solde d’alerte saisi positif est enregistré négatif ; 0 désactive l’alerte.',
      ),
      h('4. Historique et exports'),
      p(
        `L’historique liste les opérations (notes, versements, règlements, remboursements) de la période, des établissements, des moyens de paiement et des utilisateurs choisis, les plus récentes d’abord, ${CUSTOMER_HISTORY_MAX_ROWS} lignes au plus. La recherche accepte un nom ou un montant (12,5 pour 12,50 €).`,
      ),
      table(
        ['Export', 'Contenu du fichier XLSX reçu par e-mail'],
        [
          [
            'Historique',
            'Les opérations affichées, avec établissement, client, utilisateur, moyen de paiement, montant et solde.',
          ],
          [
            'Tous les clients',
            'Chaque compte qui a bougé pendant la période, avec ses coordonnées et son solde.',
          ],
          ['Ventes impayées', 'Les notes de la période qui restent dues, compte par compte.'],
        ],
      ),
      h('5. Questions fréquentes'),
      h2('Pourquoi le solde ne correspond-il pas à la somme des notes affichées ?'),
      p(
        'Le solde est celui du compte, toutes périodes confondues ; les notes affichées ne sont que celles du mois et de l’établissement choisis.',
      ),
      h2('Un client a payé par virement : comment le noter ?'),
      p(
        'Encaissez le règlement depuis la caisse ; dans l’export comptable, les règlements reçus hors caisse vont au compte de virement configuré (512000 par défaut).',
      ),
      h2('Le ticket de l’ardoise part-il tout seul ?'),
      p(
        'Oui si le réglage d’envoi automatique est actif : à la clôture journalière, chaque client débité ce jour-là qui a un e-mail reçoit le ticket de ses notes.',
      ),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------
// NF525 incident list (list-incident-fisc)

const DEFECT_WORDS: Record<SignatureDefectCode, { label: string; means: string; todo: string }> = {
  BAD_SIGNATURE: {
    label: 'Signature invalide',
    means:
      'La signature d’un enregistrement ne se vérifie pas avec la clé de la caisse (ou du serveur) qui l’a signé.',
    todo: 'L’enregistrement a été modifié après sa signature, ou signé avec une autre clé. Ne le corrigez pas : contactez le support, qui consigne une intervention technique.',
  },
  BROKEN_LINK: {
    label: 'Chaînage rompu',
    means:
      'La signature précédente annoncée par un enregistrement n’est pas celle de l’enregistrement qui le précède.',
    todo: 'Un enregistrement a été remplacé ou inséré. Vérifiez que la caisse n’a pas été restaurée depuis une sauvegarde ; contactez le support.',
  },
  SEQUENCE_GAP: {
    label: 'Enregistrements manquants',
    means: 'Des numéros manquent entre deux enregistrements conservés de la même chaîne.',
    todo: 'Des enregistrements ont été supprimés, ou ne sont jamais arrivés. Reconnectez la caisse pour qu’elle renvoie ce qui lui reste ; si l’écart demeure, contactez le support.',
  },
  HEAD_MISMATCH: {
    label: 'Fin de chaîne manquante',
    means: 'La tête de chaîne signée annonce un dernier numéro que le serveur ne conserve pas.',
    todo: 'Les derniers enregistrements d’une chaîne manquent. Contactez le support avec la caisse et la période concernées.',
  },
  HEAD_BAD_SIGNATURE: {
    label: 'Tête de chaîne invalide',
    means: 'La tête de chaîne est absente ou sa signature serveur ne se vérifie pas.',
    todo: 'Contactez le support : la tête de chaîne est tenue par le serveur, pas par la caisse.',
  },
  ROW_MISMATCH: {
    label: 'Donnée modifiée',
    means:
      'Une ligne conservée (commande, ligne de commande, paiement…) diffère de l’enregistrement signé dont elle provient.',
    todo: 'La donnée affichée n’est plus celle que la caisse a signée. L’enregistrement signé fait foi ; contactez le support.',
  },
  CLOSURE_TOTAL_MISMATCH: {
    label: 'Total de clôture faux',
    means: 'Le total d’une clôture n’est pas la somme des enregistrements qu’elle clôt.',
    todo: 'Comparez le ticket Z et le détail de la clôture ; contactez le support avec le numéro de la clôture.',
  },
  GRAND_TOTAL_MISMATCH: {
    label: 'Grand total faux',
    means: 'Le grand total perpétuel n’est pas le précédent plus le total de la période.',
    todo: 'Le cumul de la caisse a été remis à zéro ou modifié. Contactez le support.',
  },
  CLIENT_REPORTED: {
    label: 'Erreur signalée',
    means: 'La caisse elle-même a signalé une erreur (message enregistré tel qu’elle l’a envoyé).',
    todo: 'Lisez le message enregistré dans le détail de l’erreur ; le support vous indique la marche à suivre.',
  },
};

function incidentList(): Guide {
  return {
    title: 'Liste des incidents fiscaux NF525',
    subtitle: 'Les anomalies que Comptoir détecte sur vos données signées, et la conduite à tenir',
    author: FISCAL_TEAM,
    edition: 'both',
    color: '#9f3a29',
    blocks: [
      h('Comment Comptoir détecte un incident'),
      p(
        'Chaque caisse signe ses enregistrements et les chaîne ; le serveur signe ses propres clôtures, son journal des événements techniques (JET) et ses archives. Le bouton « Vérifier les signatures » de la liste des clôtures de l’administration fiscale revérifie une période : chaque chaîne, chaque signature, chaque total. Ce qu’il trouve devient un incident, visible dans la page des erreurs et inscrit au JET.',
      ),
      p(
        'La page des erreurs regroupe les incidents en services erronés, clôtures serveur erronées, interventions techniques et autres anomalies. Son bouton « Télécharger la liste des incidents fiscaux (PDF) » imprime la liste des incidents de votre compte ; le présent document explique chacun d’eux.',
      ),
      h('Les incidents, code par code'),
      ...signatureDefectCode.options.flatMap((codeName): GuideBlock[] => {
        const words = DEFECT_WORDS[codeName];
        return [
          h2(`${words.label} (${codeName})`),
          table(
            ['', ''],
            [
              ['Constat', words.means],
              ['Conduite à tenir', words.todo],
            ],
          ),
        ];
      }),
      h('Où se trouve un incident'),
      table(
        ['Chaîne', 'Ce qu’elle couvre'],
        [
          [
            'Caisse',
            'Les enregistrements d’une caisse, une chaîne par type : commandes, lignes, paiements, services, clôtures…',
          ],
          [
            'Clôtures serveur',
            'Les clôtures journalières, mensuelles et annuelles que le serveur calcule et signe.',
          ],
          ['JET', 'Le journal des événements techniques, signé événement par événement.'],
          ['Archives', 'La chaîne des archives fiscales de chaque établissement.'],
        ],
      ),
      h('Le journal des événements techniques'),
      p(
        'Le JET inscrit, signés et numérotés, les événements qui comptent pour l’administration fiscale. Ses codes ne changent jamais de sens :',
      ),
      table(
        ['Code', 'Événement'],
        Object.values(JET_EVENTS).map((event) => [event.code, event.label]),
      ),
      h('Ce qu’il ne faut pas faire'),
      bullets(
        'Ne supprimez ni ne modifiez aucune donnée de caisse pour « effacer » un incident : l’incident est la preuve que le système fonctionne.',
        'Ne réinstallez pas une caisse sans avoir fait remonter toutes ses données.',
        'Conservez les archives fiscales de chaque exercice, avec leur clé et leur guide de vérification.',
      ),
      note(
        'Toute intervention du support sur une caisse est consignée comme intervention technique et apparaît dans la page des erreurs, avec son motif et son dossier.',
      ),
    ],
  };
}

/** Every guide the generator writes, by the catalogue's key. */
export function buildGuides(): Record<GuideKey, Guide> {
  return {
    quickStart: quickStart('standard'),
    quickStartSuite: quickStart('suite'),
    fiscalArchive: fiscalArchive(),
    accountingExport: accountingExport(),
    customerAccounts: customerAccounts('standard'),
    customerAccountsSuite: customerAccounts('suite'),
    incidentList: incidentList(),
  };
}
