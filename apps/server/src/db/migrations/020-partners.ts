import { sql, type Kysely } from 'kysely';

/**
 * Partners (issue 19 parts 1–2): the product's partner catalogue, seeded with fixed ids so that
 * every install (not only the demo) shows the same grid, and the columns the activation needs.
 *
 * - `partner_categories.code`: a stable name the portal translates (`partners.category.<code>`).
 * - `partners.key_display`: 'copy' (the key is shown once with a copy button) or 'read_only' (the
 *   named partner of spec 1 §2.6 whose token the portal shows read-only: once in full, then its
 *   non-secret prefix).
 * - `partner_integrations`: the clear `access_token` is replaced by `key_hash` (SHA-256 hex of the
 *   key; the key itself is never stored) and `key_prefix` (its first characters, to recognise it);
 *   `refused_reason` / `status_changed_at` record the partner's last answer; `connexion_token_hash`
 *   the partner connection token of `generate-connexion-token` (also hashed, shown once).
 * - `partner_activation_tokens`: the short-lived `ipadToken` of `partnership/ipadToken`, hashed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('partner_categories')
    .addColumn('code', 'text', (c) => c.unique())
    .execute();
  await db.schema
    .alterTable('partners')
    .addColumn('website', 'text')
    .addColumn('key_display', 'text', (c) =>
      c
        .notNull()
        .defaultTo('copy')
        .check(sql`key_display in ('copy', 'read_only')`),
    )
    .execute();

  await db.schema.alterTable('partner_integrations').dropColumn('access_token').execute();
  await db.schema
    .alterTable('partner_integrations')
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('key_created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('refused_reason', 'text')
    .addColumn('status_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('connexion_token_hash', 'text', (c) => c.unique())
    .addColumn('connexion_token_created_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('partner_integrations')
    .addCheckConstraint('partner_integrations_key_hash_hex', sql`key_hash ~ '^[0-9a-f]{64}$'`)
    .execute();
  await db.schema
    .alterTable('partner_integrations')
    .addCheckConstraint(
      'partner_integrations_validated_customer',
      sql`status <> 'validated' or partner_customer_id is not null`,
    )
    .execute();

  await db.schema
    .createTable('partner_activation_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await sql`insert into partner_categories (id, code, name, position) values ${sql.join(
    CATEGORIES.map((c, i) => sql`(${c.id}::uuid, ${c.code}, ${c.name}, ${i + 1})`),
  )}`.execute(db);
  await sql`insert into partners
    (id, category_id, code, name, logo, description, website, with_action, key_display, position)
    values ${sql.join(
      PARTNERS.map(
        (p, i) => sql`(${p.id}::uuid, ${p.categoryId}::uuid, ${p.code}, ${p.name}, ${p.logo},
          ${p.description}, ${p.website}, ${p.withAction}, ${p.keyDisplay}, ${i + 1})`,
      ),
    )}`.execute(db);
}

/** Fixed ids of the seeded categories; never change one. */
export const PARTNER_CATEGORY_IDS = {
  purchasing: 'fa47e000-0000-4000-8000-000000000001',
  booking: 'fa47e000-0000-4000-8000-000000000002',
  accounting: 'fa47e000-0000-4000-8000-000000000003',
  delivery: 'fa47e000-0000-4000-8000-000000000004',
  loyalty: 'fa47e000-0000-4000-8000-000000000005',
} as const;

/** Fixed ids of the seeded partners; never change one. */
export const PARTNER_IDS = {
  ouilink: 'fa47e000-0000-4000-8000-000000000101',
  primeurs: 'fa47e000-0000-4000-8000-000000000102',
  caveau: 'fa47e000-0000-4000-8000-000000000103',
  tableOuverte: 'fa47e000-0000-4000-8000-000000000201',
  resaBistrot: 'fa47e000-0000-4000-8000-000000000202',
  bilanZinc: 'fa47e000-0000-4000-8000-000000000301',
  veloCourse: 'fa47e000-0000-4000-8000-000000000401',
  livrePlat: 'fa47e000-0000-4000-8000-000000000402',
} as const;

const CATEGORIES = [
  { id: PARTNER_CATEGORY_IDS.purchasing, code: 'purchasing', name: 'Fournisseurs et achats' },
  { id: PARTNER_CATEGORY_IDS.booking, code: 'booking', name: 'Réservation en ligne' },
  { id: PARTNER_CATEGORY_IDS.accounting, code: 'accounting', name: 'Comptabilité' },
  { id: PARTNER_CATEGORY_IDS.delivery, code: 'delivery', name: 'Livraison' },
  // No partner yet: the grid shows its empty-category message.
  { id: PARTNER_CATEGORY_IDS.loyalty, code: 'loyalty', name: 'Fidélité et marketing' },
];

const PARTNERS = [
  {
    id: PARTNER_IDS.ouilink,
    categoryId: PARTNER_CATEGORY_IDS.purchasing,
    code: 'ouilink',
    name: 'OuiLink — commandes fournisseurs',
    logo: '/partners/ouilink.svg',
    description:
      'Passez vos commandes fournisseurs depuis le back-office : OuiLink rassemble les catalogues et les tarifs négociés de vos grossistes, propose les quantités à partir de vos ventes de la veille et suit chaque livraison jusqu’au bon de réception.',
    website: 'https://www.ouilink.example',
    withAction: true,
    keyDisplay: 'copy',
  },
  {
    id: PARTNER_IDS.primeurs,
    categoryId: PARTNER_CATEGORY_IDS.purchasing,
    code: 'primeurs-direct',
    name: 'Primeurs Direct',
    logo: '/partners/primeurs-direct.svg',
    description:
      'Fruits et légumes de saison livrés chaque matin avant 7 h par les maraîchers de votre région. Les commandes passées avant 22 h sont livrées le lendemain ; les produits vendus dans Comptoir alimentent votre liste de courses.',
    website: 'https://www.primeurs-direct.example',
    withAction: true,
    keyDisplay: 'copy',
  },
  {
    id: PARTNER_IDS.caveau,
    categoryId: PARTNER_CATEGORY_IDS.purchasing,
    code: 'le-caveau',
    name: 'Le Caveau des Pros',
    logo: '/partners/le-caveau.svg',
    description:
      'Caviste réservé aux professionnels de la restauration : vins, bières artisanales et spiritueux, conseils d’accords pour votre carte. Pas de connexion avec la caisse : contactez votre conseiller pour ouvrir un compte.',
    website: 'https://www.caveau-des-pros.example',
    withAction: false,
    keyDisplay: 'copy',
  },
  {
    id: PARTNER_IDS.tableOuverte,
    categoryId: PARTNER_CATEGORY_IDS.booking,
    code: 'table-ouverte',
    name: 'TableOuverte',
    logo: '/partners/table-ouverte.svg',
    description:
      'Réservation en ligne 24 h/24 depuis votre site, Google et les réseaux sociaux. Les réservations arrivent sur le plan de salle de la caisse, le nombre de couverts est rapproché des additions et les absences sont signalées.',
    website: 'https://www.tableouverte.example',
    withAction: true,
    keyDisplay: 'copy',
  },
  {
    id: PARTNER_IDS.resaBistrot,
    categoryId: PARTNER_CATEGORY_IDS.booking,
    code: 'resa-bistrot',
    name: 'Résa Bistrot',
    logo: '/partners/resa-bistrot.svg',
    description:
      'Un cahier de réservation simple pour les petites salles : confirmation par SMS, liste d’attente et rappel la veille. Les clients réguliers retrouvent leur table préférée.',
    website: 'https://www.resa-bistrot.example',
    withAction: true,
    keyDisplay: 'copy',
  },
  {
    id: PARTNER_IDS.bilanZinc,
    categoryId: PARTNER_CATEGORY_IDS.accounting,
    code: 'bilan-zinc',
    name: 'Bilan Zinc — expertise comptable',
    logo: '/partners/bilan-zinc.svg',
    description:
      'Cabinet d’expertise comptable spécialisé dans les cafés, hôtels et restaurants. Vos clôtures journalières et vos ventes par taux de TVA sont transmises chaque nuit au cabinet : plus de Z de caisse à scanner en fin de mois.',
    website: 'https://www.bilan-zinc.example',
    withAction: true,
    keyDisplay: 'read_only',
  },
  {
    id: PARTNER_IDS.veloCourse,
    categoryId: PARTNER_CATEGORY_IDS.delivery,
    code: 'velocourse',
    name: 'VéloCourse',
    logo: '/partners/velocourse.svg',
    description:
      'Livraison à vélo dans un rayon de 5 km, par des coursiers salariés. Les commandes en ligne tombent directement en cuisine, sans tablette supplémentaire, et la commission est affichée sur chaque ticket.',
    website: 'https://www.velocourse.example',
    withAction: true,
    keyDisplay: 'copy',
  },
  {
    id: PARTNER_IDS.livrePlat,
    categoryId: PARTNER_CATEGORY_IDS.delivery,
    code: 'livreplat',
    name: 'LivrePlat',
    logo: '/partners/livreplat.svg',
    description:
      'Plateforme de livraison et de vente à emporter : votre carte est synchronisée avec les produits de la caisse, les ruptures de stock sont masquées en ligne et les paiements sont versés chaque semaine.',
    website: 'https://www.livreplat.example',
    withAction: true,
    keyDisplay: 'copy',
  },
];
