import type { ContentLanguage } from '@comptoir/contracts';

type TranslatedLanguage = Exclude<ContentLanguage, 'fr'>;

/**
 * The training videos' titles in the portal's other languages (issue 31, item 20), by the ids
 * migration 022 gave them; the French titles are its rows. The captions stay French.
 */
const VIDEO_TITLES: Record<string, Record<TranslatedLanguage, string>> = {
  'a1de0000-0000-4000-8000-000000000001': {
    en: 'First steps with Comptoir',
    es: 'Primeros pasos en Comptoir',
    ca: 'Primers passos a Comptoir',
  },
  'a1de0000-0000-4000-8000-000000000002': {
    en: 'Reading your reports',
    es: 'Leer sus informes',
    ca: 'Llegir els vostres informes',
  },
  'a1de0000-0000-4000-8000-000000000003': {
    en: 'Daily, monthly and annual closures',
    es: 'Los cierres diarios, mensuales y anuales',
    ca: 'Els tancaments diaris, mensuals i anuals',
  },
  'a1de0000-0000-4000-8000-000000000004': {
    en: 'The tax archive and how to check it',
    es: 'El archivo fiscal y su verificación',
    ca: "L'arxiu fiscal i la seva verificació",
  },
  'a1de0000-0000-4000-8000-000000000005': {
    en: 'The accounting export (FEC)',
    es: 'La exportación contable (FEC)',
    ca: "L'exportació comptable (FEC)",
  },
  'a1de0000-0000-4000-8000-000000000006': {
    en: 'Customer accounts',
    es: 'Las cuentas de clientes',
    ca: 'Els comptes de clients',
  },
  'a1de0000-0000-4000-8000-000000000007': {
    en: 'Inviting the tax inspector',
    es: 'Invitar al inspector de Hacienda',
    ca: "Convidar l'inspector d'Hisenda",
  },
};

/** A video's title in the language; the row's French one in French or when it has no translation. */
export function videoTitle(row: { id: string; title: string }, language: ContentLanguage): string {
  return language === 'fr' ? row.title : (VIDEO_TITLES[row.id]?.[language] ?? row.title);
}
