import { addCalendarDays } from '@comptoir/contracts';
import crypto from 'node:crypto';
import type { Db } from '../db/database';
import { publishFeedItems } from '../modules/feed/feed.service';

/** The locale tags feed items are stored with, one row per language. */
const LOCALES = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES', ca: 'ca-ES' } as const;
type Language = keyof typeof LOCALES;

export const DEMO_FEED_NAME = 'news';

interface DemoFeedItem {
  key: string;
  /** Days before the demo's last day. */
  daysBefore: number;
  title: Record<Language, string>;
  html: Record<Language, string>;
}

const BOFIP = 'https://bofip.impots.gouv.fr/bofip/10691-PGP.html';
const SUPPORT = 'mailto:support@comptoir.test';

/** Product news of the back office, newest first. */
export const DEMO_FEED_ITEMS: DemoFeedItem[] = [
  {
    key: 'closures-reminder',
    daysBefore: 4,
    title: {
      fr: 'Rappel : vos clôtures fiscales',
      en: 'Reminder: your fiscal closures',
      es: 'Recordatorio: sus cierres fiscales',
      ca: 'Recordatori: els vostres tancaments fiscals',
    },
    html: {
      fr:
        "<p>La loi anti-fraude impose une <strong>clôture par jour d'activité</strong>, une par mois et une par exercice. " +
        'Vos caisses les enregistrent et les signent ; le back office les conserve avec leurs grands totaux perpétuels.</p>' +
        "<p>Avant de transmettre vos chiffres à votre comptable, vérifiez dans <em>Administration fiscale</em> qu'aucune clôture n'est signalée en erreur.</p>",
      en:
        '<p>The anti-fraud law requires <strong>one closure per trading day</strong>, one per month and one per financial year. ' +
        'Your registers record and sign them; the back office keeps them with their perpetual grand totals.</p>' +
        '<p>Before you send your figures to your accountant, check in <em>Tax administration</em> that no closure is reported in error.</p>',
      es:
        '<p>La ley antifraude exige <strong>un cierre por día de actividad</strong>, uno por mes y uno por ejercicio. ' +
        'Sus cajas los registran y los firman; el back office los conserva con sus grandes totales perpetuos.</p>' +
        '<p>Antes de enviar sus cifras a su gestor, compruebe en <em>Administración fiscal</em> que ningún cierre aparece con error.</p>',
      ca:
        "<p>La llei antifrau exigeix <strong>un tancament per dia d'activitat</strong>, un per mes i un per exercici. " +
        'Les vostres caixes els registren i els signen; el back office els conserva amb els seus grans totals perpetus.</p>' +
        "<p>Abans d'enviar les vostres xifres al gestor, comproveu a <em>Administració fiscal</em> que cap tancament no apareix amb error.</p>",
    },
  },
  {
    key: 'new-report-weekdays',
    daysBefore: 11,
    title: {
      fr: 'Nouveau rapport : le détail par jour de semaine',
      en: 'New report: the weekday breakdown',
      es: 'Nuevo informe: el detalle por día de la semana',
      ca: 'Nou informe: el detall per dia de la setmana',
    },
    html: {
      fr:
        '<p>Le rapport <strong>Détail par jour de semaine</strong> compare vos ventes du lundi au dimanche sur la période de votre choix :</p>' +
        "<ul><li>chiffre d'affaires et nombre de commandes par jour ;</li><li>ticket moyen et couverts ;</li><li>comparaison entre vos établissements.</li></ul>" +
        '<p>Vous le trouverez dans <em>Rapports de ventes</em>.</p>',
      en:
        '<p>The <strong>Weekday breakdown</strong> report compares your sales from Monday to Sunday over the period you choose:</p>' +
        '<ul><li>turnover and number of orders per day;</li><li>average ticket and covers;</li><li>comparison between your establishments.</li></ul>' +
        '<p>You will find it under <em>Sales reports</em>.</p>',
      es:
        '<p>El informe <strong>Detalle por día de la semana</strong> compara sus ventas de lunes a domingo en el periodo que elija:</p>' +
        '<ul><li>facturación y número de pedidos por día;</li><li>ticket medio y cubiertos;</li><li>comparación entre sus establecimientos.</li></ul>' +
        '<p>Lo encontrará en <em>Informes de ventas</em>.</p>',
      ca:
        "<p>L'informe <strong>Detall per dia de la setmana</strong> compara les vostres vendes de dilluns a diumenge en el període que trieu:</p>" +
        '<ul><li>facturació i nombre de comandes per dia;</li><li>tiquet mitjà i coberts;</li><li>comparació entre els vostres establiments.</li></ul>' +
        '<p>El trobareu a <em>Informes de vendes</em>.</p>',
    },
  },
  {
    key: 'nf525-renewal',
    daysBefore: 26,
    title: {
      fr: 'Certification NF525 renouvelée',
      en: 'NF525 certification renewed',
      es: 'Certificación NF525 renovada',
      ca: 'Certificació NF525 renovada',
    },
    html: {
      fr:
        "<p>La certification <strong>NF525</strong> du logiciel de caisse a été renouvelée pour un an à l'issue de l'audit annuel. " +
        "Elle atteste que vos données d'encaissement sont inaltérables, sécurisées, conservées et archivées, comme l'exige la loi anti-fraude.</p>" +
        `<p>Le texte de référence est publié au <a href="${BOFIP}">BOFiP</a>. ` +
        `Pour recevoir l'attestation à présenter en cas de contrôle, écrivez au <a href="${SUPPORT}">support</a>.</p>`,
      en:
        '<p>The <strong>NF525</strong> certification of the point-of-sale software has been renewed for one year after the annual audit. ' +
        'It attests that your sales data are unalterable, secured, kept and archived, as the anti-fraud law requires.</p>' +
        `<p>The reference text is published in the <a href="${BOFIP}">BOFiP</a>. ` +
        `To receive the certificate to show during a tax inspection, write to <a href="${SUPPORT}">support</a>.</p>`,
      es:
        '<p>La certificación <strong>NF525</strong> del software de caja se ha renovado por un año tras la auditoría anual. ' +
        'Acredita que sus datos de cobro son inalterables, seguros, conservados y archivados, como exige la ley antifraude.</p>' +
        `<p>El texto de referencia se publica en el <a href="${BOFIP}">BOFiP</a>. ` +
        `Para recibir el certificado que presentar en caso de inspección, escriba al <a href="${SUPPORT}">soporte</a>.</p>`,
      ca:
        "<p>La certificació <strong>NF525</strong> del programari de caixa s'ha renovat per un any després de l'auditoria anual. " +
        'Acredita que les vostres dades de cobrament són inalterables, segures, conservades i arxivades, com exigeix la llei antifrau.</p>' +
        `<p>El text de referència es publica al <a href="${BOFIP}">BOFiP</a>. ` +
        `Per rebre el certificat que cal presentar en cas d'inspecció, escriviu al <a href="${SUPPORT}">suport</a>.</p>`,
    },
  },
  {
    key: 'vat-rates',
    daysBefore: 47,
    title: {
      fr: 'Rappel : les taux de TVA en restauration',
      en: 'Reminder: VAT rates in restaurants',
      es: 'Recordatorio: los tipos de IVA en restauración',
      ca: "Recordatori: els tipus d'IVA en restauració",
    },
    html: {
      fr:
        '<p>Les taux appliqués par vos caisses dépendent de ce qui est vendu et de la façon dont il est consommé :</p>' +
        '<ul><li><strong>10 %</strong> : repas et boissons sans alcool servis sur place, plats à emporter pour une consommation immédiate ;</li>' +
        '<li><strong>5,5 %</strong> : produits alimentaires à emporter pour une consommation différée ;</li>' +
        '<li><strong>20 %</strong> : boissons alcoolisées, sur place comme à emporter.</li></ul>' +
        "<p>Un taux mal paramétré fausse vos déclarations : vérifiez-le produit par produit dans la caisse et dans l'export comptable.</p>",
      en:
        '<p>The rates your registers apply depend on what is sold and how it is consumed:</p>' +
        '<ul><li><strong>10%</strong>: meals and soft drinks served on the premises, takeaway dishes for immediate consumption;</li>' +
        '<li><strong>5.5%</strong>: takeaway food for later consumption;</li>' +
        '<li><strong>20%</strong>: alcoholic drinks, on the premises or to take away.</li></ul>' +
        '<p>A wrong rate distorts your returns: check it product by product in the register and in the accounting export.</p>',
      es:
        '<p>Los tipos que aplican sus cajas dependen de lo que se vende y de cómo se consume:</p>' +
        '<ul><li><strong>10 %</strong>: comidas y bebidas sin alcohol servidas en el local, platos para llevar de consumo inmediato;</li>' +
        '<li><strong>5,5 %</strong>: productos alimentarios para llevar de consumo diferido;</li>' +
        '<li><strong>20 %</strong>: bebidas alcohólicas, en el local o para llevar.</li></ul>' +
        '<p>Un tipo mal configurado falsea sus declaraciones: compruébelo producto por producto en la caja y en la exportación contable.</p>',
      ca:
        '<p>Els tipus que apliquen les vostres caixes depenen del que es ven i de com es consumeix:</p>' +
        '<ul><li><strong>10 %</strong>: menjars i begudes sense alcohol servits al local, plats per emportar de consum immediat;</li>' +
        '<li><strong>5,5 %</strong>: productes alimentaris per emportar de consum diferit;</li>' +
        '<li><strong>20 %</strong>: begudes alcohòliques, al local o per emportar.</li></ul>' +
        "<p>Un tipus mal configurat falseja les vostres declaracions: comproveu-lo producte per producte a la caixa i a l'exportació comptable.</p>",
    },
  },
  {
    key: 'tip-accounting-export',
    daysBefore: 69,
    title: {
      fr: 'Astuce : vos écritures comptables en un clic',
      en: 'Tip: your accounting entries in one click',
      es: 'Consejo: sus asientos contables con un clic',
      ca: 'Consell: els vostres assentaments comptables amb un clic',
    },
    html: {
      fr:
        "<p>Paramétrez une fois vos comptes de ventes, de TVA et d'encaissement, puis exportez vos écritures au format <strong>FEC</strong> ou CSV pour votre comptable.</p>" +
        "<ol><li>Ouvrez <em>Comptabilité</em> et renseignez vos comptes ;</li><li>choisissez la période ;</li><li>lancez l'export.</li></ol>" +
        "<blockquote>Un compte manquant est signalé avant l'export : rien ne part incomplet.</blockquote>",
      en:
        '<p>Set up your sales, VAT and payment accounts once, then export your entries as <strong>FEC</strong> or CSV for your accountant.</p>' +
        '<ol><li>Open <em>Accounting</em> and fill in your accounts;</li><li>choose the period;</li><li>start the export.</li></ol>' +
        '<blockquote>A missing account is reported before the export: nothing leaves incomplete.</blockquote>',
      es:
        '<p>Configure una vez sus cuentas de ventas, de IVA y de cobro, y exporte sus asientos en formato <strong>FEC</strong> o CSV para su gestor.</p>' +
        '<ol><li>Abra <em>Contabilidad</em> e indique sus cuentas;</li><li>elija el periodo;</li><li>inicie la exportación.</li></ol>' +
        '<blockquote>Una cuenta que falta se señala antes de la exportación: nada sale incompleto.</blockquote>',
      ca:
        "<p>Configureu un cop els vostres comptes de vendes, d'IVA i de cobrament, i exporteu els assentaments en format <strong>FEC</strong> o CSV per al gestor.</p>" +
        "<ol><li>Obriu <em>Comptabilitat</em> i indiqueu els vostres comptes;</li><li>trieu el període;</li><li>inicieu l'exportació.</li></ol>" +
        "<blockquote>Un compte que falta s'indica abans de l'exportació: res no surt incomplet.</blockquote>",
    },
  },
  {
    key: 'tip-sub-users',
    daysBefore: 98,
    title: {
      fr: 'Astuce : un accès limité pour votre équipe',
      en: 'Tip: limited access for your team',
      es: 'Consejo: un acceso limitado para su equipo',
      ca: 'Consell: un accés limitat per al vostre equip',
    },
    html: {
      fr:
        "<p>Créez un <strong>sous-utilisateur</strong> pour un responsable de salle ou un comptable : vous choisissez les rubriques qu'il voit " +
        '(rapports de ventes, comptes clients, exports…) et les établissements auxquels il a accès.</p>' +
        '<p>Il se connecte avec sa propre adresse e-mail ; vous pouvez retirer ses accès à tout moment.</p>',
      en:
        '<p>Create a <strong>sub-user</strong> for a floor manager or an accountant: you choose the sections they see ' +
        '(sales reports, customer accounts, exports…) and the establishments they can access.</p>' +
        '<p>They sign in with their own e-mail address; you can withdraw their access at any time.</p>',
      es:
        '<p>Cree un <strong>subusuario</strong> para un jefe de sala o un gestor: usted elige las secciones que ve ' +
        '(informes de ventas, cuentas de clientes, exportaciones…) y los establecimientos a los que accede.</p>' +
        '<p>Se conecta con su propia dirección de correo electrónico; puede retirarle el acceso en cualquier momento.</p>',
      ca:
        '<p>Creeu un <strong>subusuari</strong> per a un cap de sala o un gestor: trieu les seccions que veu ' +
        '(informes de vendes, comptes de clients, exportacions…) i els establiments als quals té accés.</p>' +
        "<p>Es connecta amb la seva pròpia adreça electrònica; li podeu retirar l'accés en qualsevol moment.</p>",
    },
  },
  {
    key: 'new-export-payment-products',
    daysBefore: 132,
    title: {
      fr: 'Nouvel export : les produits par moyen de paiement',
      en: 'New export: products by payment method',
      es: 'Nueva exportación: los productos por medio de pago',
      ca: 'Nova exportació: els productes per mitjà de pagament',
    },
    html: {
      fr:
        "<p>L'édition Suite peut désormais exporter chaque ligne de produit avec le <strong>moyen de paiement</strong> qui l'a réglée, " +
        'sur la période de votre choix.</p>' +
        '<p>Le fichier est préparé en arrière-plan et vous est envoyé par e-mail au format tableur : vous pouvez continuer à travailler pendant ce temps.</p>',
      en:
        '<p>The Suite edition can now export every product line with the <strong>payment method</strong> that paid for it, ' +
        'over the period you choose.</p>' +
        '<p>The file is prepared in the background and e-mailed to you as a spreadsheet: you can keep working in the meantime.</p>',
      es:
        '<p>La edición Suite ya puede exportar cada línea de producto con el <strong>medio de pago</strong> que la abonó, ' +
        'en el periodo que elija.</p>' +
        '<p>El archivo se prepara en segundo plano y se le envía por correo electrónico como hoja de cálculo: puede seguir trabajando mientras tanto.</p>',
      ca:
        "<p>L'edició Suite ja pot exportar cada línia de producte amb el <strong>mitjà de pagament</strong> que la va pagar, " +
        'en el període que trieu.</p>' +
        '<p>El fitxer es prepara en segon pla i se us envia per correu electrònic com a full de càlcul: podeu continuar treballant mentrestant.</p>',
    },
  },
];

/** A stable id per item and language, so that a second load inserts nothing. */
function demoId(key: string): string {
  const hex = crypto.createHash('sha256').update(`comptoir-demo-feed:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Stores the missing items of the `news` feed (the menu's "Actualités") in French, English,
 * Spanish and Catalan, dated over the months before the demo's last day; returns how many rows
 * were added. They go through `publishFeedItems`, which sanitises their HTML like any writer's.
 */
export async function seedDemoFeed(db: Db, options: { endDay: string }): Promise<number> {
  return publishFeedItems(
    db,
    DEMO_FEED_ITEMS.flatMap((item) =>
      (Object.keys(LOCALES) as Language[]).map((language) => ({
        id: demoId(`${item.key}:${language}`),
        feedName: DEMO_FEED_NAME,
        locale: LOCALES[language],
        title: item.title[language],
        html: item.html[language],
        publishedAt: new Date(`${addCalendarDays(options.endDay, -item.daysBefore)}T08:30:00Z`),
      })),
    ),
  );
}
