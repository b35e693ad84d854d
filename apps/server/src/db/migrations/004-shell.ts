// Over 400 lines: a migration as it was applied, mostly the dashboard menu's seeded items in four languages; it must not change.
import { sql, type Kysely } from 'kysely';

/**
 * The portal shell: translated titles and descriptions of the dashboard menu (`title` and
 * `description` stay French, `titles` / `descriptions` hold en, es and ca), and the product's menu
 * itself, reference data shared by every account. Ids are fixed so that links and tests can name an
 * item.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('menu_categories')
    .addColumn('titles', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('descriptions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  const rows = MENU.flatMap((item) => [
    { ...item, parentId: null },
    ...(item.children ?? []).map((child) => ({ ...child, parentId: item.id })),
  ]);
  await sql`insert into menu_categories
    (id, parent_id, title, description, titles, descriptions, link, icon, position, type, is_react, service_name)
    values ${sql.join(
      rows.map(
        (r) => sql`(${r.id}::uuid, ${r.parentId}::uuid, ${r.title.fr}, ${r.description.fr},
          ${JSON.stringify(translations(r.title))}::jsonb, ${JSON.stringify(translations(r.description))}::jsonb,
          ${r.link}, ${r.icon}, ${r.position}, ${r.type ?? 1}, ${r.isReact ?? false}, ${r.service})`,
      ),
    )}`.execute(db);
}

interface Texts {
  fr: string;
  en: string;
  es: string;
  ca: string;
}

interface SeedItem {
  id: string;
  title: Texts;
  description: Texts;
  link: string;
  /** A short icon name the portal maps to its own SVG. */
  icon: string;
  position: number;
  /** 0 reporting; 1 (the default) sales reporting. */
  type?: number;
  isReact?: boolean;
  service: string;
  children?: SeedItem[];
}

function translations({ en, es, ca }: Texts): Omit<Texts, 'fr'> {
  return { en, es, ca };
}

/** The seeded items' ids; never change one, the portal and bookmarks name items by id. */
export const MENU_IDS = {
  salesReports: 'c0a7e900-0000-4000-8000-000000000001',
  salesAnalysis: 'c0a7e900-0000-4000-8000-000000000011',
  shiftDetails: 'c0a7e900-0000-4000-8000-000000000012',
  weekdaysDetails: 'c0a7e900-0000-4000-8000-000000000013',
  controlStrip: 'c0a7e900-0000-4000-8000-000000000014',
  reportSettings: 'c0a7e900-0000-4000-8000-000000000015',
  analyticsDashboard: 'c0a7e900-0000-4000-8000-000000000002',
  bardistrib: 'c0a7e900-0000-4000-8000-000000000003',
  customerAccounts: 'c0a7e900-0000-4000-8000-000000000004',
  fiscalAdministration: 'c0a7e900-0000-4000-8000-000000000005',
  accounting: 'c0a7e900-0000-4000-8000-000000000006',
  accountingExport: 'c0a7e900-0000-4000-8000-000000000061',
  dataExport: 'c0a7e900-0000-4000-8000-000000000062',
  partners: 'c0a7e900-0000-4000-8000-000000000007',
  news: 'c0a7e900-0000-4000-8000-000000000008',
  help: 'c0a7e900-0000-4000-8000-000000000009',
  documentation: 'c0a7e900-0000-4000-8000-000000000091',
  videos: 'c0a7e900-0000-4000-8000-000000000092',
  faq: 'c0a7e900-0000-4000-8000-000000000093',
  antiFraudLaw: 'c0a7e900-0000-4000-8000-000000000094',
} as const;

const SALES_REPORTING = 'sales_reporting';
const ACCOUNTING_EXPORT = 'accounting_export';
const HELP = 'help';

const MENU: SeedItem[] = [
  {
    id: MENU_IDS.salesReports,
    title: {
      fr: 'Rapports de ventes',
      en: 'Sales reports',
      es: 'Informes de ventas',
      ca: 'Informes de vendes',
    },
    description: {
      fr: "Chiffre d'affaires, services, jours de semaine et bande de contrôle de vos établissements.",
      en: 'Sales, shifts, weekdays and control strip of your establishments.',
      es: 'Ventas, turnos, días de la semana y tira de control de sus establecimientos.',
      ca: 'Vendes, torns, dies de la setmana i tira de control dels vostres establiments.',
    },
    link: 'sales-reports',
    icon: 'chart',
    position: 10,
    service: SALES_REPORTING,
    children: [
      {
        id: MENU_IDS.salesAnalysis,
        title: {
          fr: 'Analyse des ventes',
          en: 'Sales analysis',
          es: 'Análisis de ventas',
          ca: 'Anàlisi de vendes',
        },
        description: {
          fr: "Évolution du chiffre d'affaires par période, produit, catégorie et moyen de paiement.",
          en: 'Turnover over time by period, product, category and payment method.',
          es: 'Evolución de la facturación por periodo, producto, categoría y medio de pago.',
          ca: 'Evolució de la facturació per període, producte, categoria i mitjà de pagament.',
        },
        link: 'sales-analysis',
        icon: 'chart',
        position: 10,
        service: SALES_REPORTING,
      },
      {
        id: MENU_IDS.shiftDetails,
        title: {
          fr: 'Détail des services',
          en: 'Shift details',
          es: 'Detalle de los turnos',
          ca: 'Detall dels torns',
        },
        description: {
          fr: 'Ouverture, clôture, encaissements et écarts de caisse de chaque service.',
          en: 'Opening, closing, takings and cash differences of each shift.',
          es: 'Apertura, cierre, cobros y diferencias de caja de cada turno.',
          ca: 'Obertura, tancament, cobraments i diferències de caixa de cada torn.',
        },
        link: 'shift-details',
        icon: 'receipt',
        position: 20,
        service: SALES_REPORTING,
      },
      {
        id: MENU_IDS.weekdaysDetails,
        title: {
          fr: 'Détail par jour de semaine',
          en: 'Weekday breakdown',
          es: 'Detalle por día de la semana',
          ca: 'Detall per dia de la setmana',
        },
        description: {
          fr: "Comparez vos ventes d'un jour de la semaine à l'autre.",
          en: 'Compare your sales from one weekday to another.',
          es: 'Compare sus ventas de un día de la semana a otro.',
          ca: "Compareu les vostres vendes d'un dia de la setmana a un altre.",
        },
        link: 'weekdays-details',
        icon: 'calendar',
        position: 30,
        service: SALES_REPORTING,
      },
      {
        id: MENU_IDS.controlStrip,
        title: {
          fr: 'Bande de contrôle',
          en: 'Control strip',
          es: 'Tira de control',
          ca: 'Tira de control',
        },
        description: {
          fr: 'Le journal des tickets et des opérations de caisse, service par service.',
          en: 'The log of receipts and till operations, shift by shift.',
          es: 'El registro de tickets y operaciones de caja, turno por turno.',
          ca: 'El registre de tiquets i operacions de caixa, torn per torn.',
        },
        link: 'control-strip',
        icon: 'strip',
        position: 40,
        service: SALES_REPORTING,
      },
      {
        id: MENU_IDS.reportSettings,
        title: {
          fr: 'Réglages des rapports',
          en: 'Report settings',
          es: 'Ajustes de los informes',
          ca: 'Configuració dels informes',
        },
        description: {
          fr: 'Heure de début de journée, montants TTC ou HT et période par défaut.',
          en: 'Start of the business day, amounts incl. or excl. VAT and default period.',
          es: 'Hora de inicio del día, importes con o sin IVA y periodo por defecto.',
          ca: "Hora d'inici del dia, imports amb IVA o sense i període per defecte.",
        },
        link: 'settings',
        icon: 'settings',
        position: 50,
        service: SALES_REPORTING,
      },
    ],
  },
  {
    id: MENU_IDS.analyticsDashboard,
    title: {
      fr: 'Tableau de bord analytique',
      en: 'Analytics dashboard',
      es: 'Panel analítico',
      ca: 'Tauler analític',
    },
    description: {
      fr: "Vos indicateurs clés en un coup d'œil : ventes, panier moyen, fréquentation.",
      en: 'Your key figures at a glance: sales, average basket, covers.',
      es: 'Sus indicadores clave de un vistazo: ventas, ticket medio, afluencia.',
      ca: "Els vostres indicadors clau d'un cop d'ull: vendes, tiquet mitjà, afluència.",
    },
    link: 'sales-analysis',
    icon: 'chart',
    position: 20,
    type: 0,
    service: SALES_REPORTING,
  },
  {
    id: MENU_IDS.bardistrib,
    title: {
      fr: 'Analyse Bardistrib',
      en: 'Bardistrib analysis',
      es: 'Análisis Bardistrib',
      ca: 'Anàlisi Bardistrib',
    },
    description: {
      fr: 'Les versements du distributeur de boissons rapprochés de vos ventes.',
      en: 'Drink dispenser pours matched against your sales.',
      es: 'Los servicios del dispensador de bebidas cotejados con sus ventas.',
      ca: 'Els serveis del distribuïdor de begudes comparats amb les vostres vendes.',
    },
    link: 'warelist',
    icon: 'tap',
    position: 30,
    isReact: true,
    service: SALES_REPORTING,
  },
  {
    id: MENU_IDS.customerAccounts,
    title: {
      fr: 'Comptes clients',
      en: 'Customer accounts',
      es: 'Cuentas de clientes',
      ca: 'Comptes de clients',
    },
    description: {
      fr: 'Soldes, crédits et historique des comptes de vos clients.',
      en: "Balances, credits and history of your customers' accounts.",
      es: 'Saldos, créditos e historial de las cuentas de sus clientes.',
      ca: 'Saldos, crèdits i historial dels comptes dels vostres clients.',
    },
    link: 'customer-account',
    icon: 'users',
    position: 40,
    isReact: true,
    service: 'customer_account',
  },
  {
    id: MENU_IDS.fiscalAdministration,
    title: {
      fr: 'Administration fiscale',
      en: 'Tax administration',
      es: 'Administración fiscal',
      ca: 'Administració fiscal',
    },
    description: {
      fr: 'Clôtures, journal des événements techniques et archives fiscales (loi anti-fraude de 2018).',
      en: 'Closures, technical events log and tax archives (2018 anti-fraud law).',
      es: 'Cierres, registro de eventos técnicos y archivos fiscales (ley antifraude de 2018).',
      ca: "Tancaments, registre d'esdeveniments tècnics i arxius fiscals (llei antifrau de 2018).",
    },
    link: 'administration-fiscale',
    icon: 'landmark',
    position: 50,
    isReact: true,
    service: 'fiscal_administration',
  },
  {
    id: MENU_IDS.accounting,
    title: { fr: 'Comptabilité', en: 'Accounting', es: 'Contabilidad', ca: 'Comptabilitat' },
    description: {
      fr: 'Exports pour votre expert-comptable et extraction de vos données.',
      en: 'Exports for your accountant and extraction of your data.',
      es: 'Exportaciones para su gestor contable y extracción de sus datos.',
      ca: 'Exportacions per al vostre gestor comptable i extracció de les vostres dades.',
    },
    link: 'comptabilite',
    icon: 'download',
    position: 60,
    service: ACCOUNTING_EXPORT,
    children: [
      {
        id: MENU_IDS.accountingExport,
        title: {
          fr: 'Export comptable',
          en: 'Accounting export',
          es: 'Exportación contable',
          ca: 'Exportació comptable',
        },
        description: {
          fr: "Écritures de ventes, de TVA et d'encaissements au format de votre logiciel comptable.",
          en: "Sales, VAT and payment entries in your accounting software's format.",
          es: 'Asientos de ventas, IVA y cobros en el formato de su programa contable.',
          ca: 'Assentaments de vendes, IVA i cobraments en el format del vostre programari comptable.',
        },
        link: 'export-vat',
        icon: 'book',
        position: 10,
        isReact: true,
        service: ACCOUNTING_EXPORT,
      },
      {
        id: MENU_IDS.dataExport,
        title: {
          fr: 'Export des données',
          en: 'Data export',
          es: 'Exportación de datos',
          ca: 'Exportació de dades',
        },
        description: {
          fr: 'Téléchargez vos commandes, lignes de vente et paiements en CSV.',
          en: 'Download your orders, sales lines and payments as CSV.',
          es: 'Descargue sus pedidos, líneas de venta y pagos en CSV.',
          ca: 'Descarregueu les vostres comandes, línies de venda i pagaments en CSV.',
        },
        link: 'export-data',
        icon: 'download',
        position: 20,
        isReact: true,
        service: ACCOUNTING_EXPORT,
      },
    ],
  },
  {
    id: MENU_IDS.partners,
    title: { fr: 'Partenaires', en: 'Partners', es: 'Socios', ca: 'Socis' },
    description: {
      fr: 'Connectez Comptoir aux services de nos partenaires.',
      en: "Connect Comptoir to our partners' services.",
      es: 'Conecte Comptoir con los servicios de nuestros socios.',
      ca: 'Connecteu Comptoir amb els serveis dels nostres socis.',
    },
    link: 'partenaires',
    icon: 'partners',
    position: 70,
    isReact: true,
    service: 'partners',
  },
  {
    id: MENU_IDS.news,
    title: { fr: 'Actualités', en: 'News', es: 'Novedades', ca: 'Novetats' },
    description: {
      fr: "Les nouveautés du produit et les annonces de l'équipe Comptoir.",
      en: 'Product updates and announcements from the Comptoir team.',
      es: 'Las novedades del producto y los anuncios del equipo de Comptoir.',
      ca: "Les novetats del producte i els anuncis de l'equip de Comptoir.",
    },
    link: 'feed/news',
    icon: 'news',
    position: 80,
    isReact: true,
    service: 'news',
  },
  {
    id: MENU_IDS.help,
    title: { fr: 'Aide', en: 'Help', es: 'Ayuda', ca: 'Ajuda' },
    description: {
      fr: 'Documentation, vidéos de formation et réponses aux questions fréquentes.',
      en: 'Documentation, training videos and answers to frequent questions.',
      es: 'Documentación, vídeos de formación y respuestas a las preguntas frecuentes.',
      ca: 'Documentació, vídeos de formació i respostes a les preguntes freqüents.',
    },
    link: 'aide',
    icon: 'help',
    position: 90,
    service: HELP,
    children: [
      {
        id: MENU_IDS.documentation,
        title: { fr: 'Documentation', en: 'Documentation', es: 'Documentación', ca: 'Documentació' },
        description: {
          fr: "Les guides d'utilisation à télécharger en PDF.",
          en: 'User guides to download as PDF.',
          es: 'Guías de uso para descargar en PDF.',
          ca: "Guies d'ús per descarregar en PDF.",
        },
        link: 'documentation',
        icon: 'book',
        position: 10,
        isReact: true,
        service: HELP,
      },
      {
        id: MENU_IDS.videos,
        title: {
          fr: 'Vidéos de formation',
          en: 'Training videos',
          es: 'Vídeos de formación',
          ca: 'Vídeos de formació',
        },
        description: {
          fr: 'Apprenez à utiliser Comptoir en quelques minutes.',
          en: 'Learn to use Comptoir in a few minutes.',
          es: 'Aprenda a usar Comptoir en pocos minutos.',
          ca: 'Apreneu a fer servir Comptoir en pocs minuts.',
        },
        link: 'videos',
        icon: 'video',
        position: 20,
        isReact: true,
        service: HELP,
      },
      {
        id: MENU_IDS.faq,
        title: { fr: 'FAQ', en: 'FAQ', es: 'Preguntas frecuentes', ca: 'Preguntes freqüents' },
        description: {
          fr: 'Les réponses aux questions les plus fréquentes.',
          en: 'Answers to the most frequent questions.',
          es: 'Respuestas a las preguntas más frecuentes.',
          ca: 'Respostes a les preguntes més freqüents.',
        },
        link: 'FAQ',
        icon: 'help',
        position: 30,
        isReact: true,
        service: HELP,
      },
      {
        id: MENU_IDS.antiFraudLaw,
        title: {
          fr: 'Loi anti-fraude TVA (BOFiP)',
          en: 'VAT anti-fraud law (BOFiP)',
          es: 'Ley antifraude del IVA (BOFiP)',
          ca: "Llei antifrau de l'IVA (BOFiP)",
        },
        description: {
          fr: 'Le texte officiel sur les logiciels et systèmes de caisse certifiés.',
          en: 'The official French text on certified cash register software (in French).',
          es: 'El texto oficial francés sobre los programas de caja certificados (en francés).',
          ca: 'El text oficial francès sobre els programaris de caixa certificats (en francès).',
        },
        link: 'https://bofip.impots.gouv.fr/bofip/10691-PGP.html',
        icon: 'external',
        position: 40,
        service: HELP,
      },
    ],
  },
];
