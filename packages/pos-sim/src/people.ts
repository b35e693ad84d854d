import type { CustomerAccountData } from '@comptoir/contracts';
import { frenchVatNumber, sirenFrom } from './identity';
import type { Random } from './random';

/** A list written as `a | b | c`, over as many lines as it takes. */
const list = (text: string): readonly string[] =>
  text
    .split('|')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

export const FIRST_NAMES = list(`
  Camille | Léa | Manon | Chloé | Emma | Inès | Sarah | Julie | Pauline | Marine | Claire |
  Sophie | Lucie | Anaïs | Mathilde | Élodie | Céline | Nathalie | Isabelle | Aurélie | Hélène |
  Margaux | Jeanne | Louise | Alice | Zoé | Amandine | Laure | Agathe | Juliette | Thomas |
  Nicolas | Julien | Maxime | Antoine | Alexandre | Hugo | Lucas | Louis | Mathieu | Pierre |
  Guillaume | Romain | Benoît | Olivier | François | Sébastien | Vincent | Jérôme | Arnaud |
  Théo | Quentin | Baptiste | Clément | Paul | Adrien | Bastien | Yann | Gaël | Loïc
`);

export const LAST_NAMES = list(`
  Martin | Bernard | Thomas | Petit | Robert | Richard | Durand | Dubois | Moreau | Laurent |
  Simon | Michel | Lefèvre | Leroy | Roux | David | Bertrand | Morel | Fournier | Girard |
  Bonnet | Dupont | Lambert | Fontaine | Rousseau | Vincent | Muller | Lefebvre | Faure | André |
  Mercier | Blanc | Guérin | Boyer | Garnier | Chevalier | François | Legrand | Gauthier |
  Garcia | Perrin | Robin | Clément | Morin | Nicolas | Henry | Roussel | Mathieu | Gautier |
  Masson | Marchand | Duval | Denis | Dumont | Marie | Lemaire | Noël | Meyer | Dufour |
  Meunier | Brun | Blanchard | Giraud | Joly | Rivière | Lucas | Brunet | Gaillard | Barbier |
  Arnaud | Le Goff | Le Gall | Kerbrat | Tanguy | Guillou | Perret | Chabert | Vial | Rey |
  Collomb
`);

const COMPANY_NAMES = list(`
  Cabinet Perret Avocats | Agence Lumière Communication | Rhône Bâtiment SARL |
  Étude Chabert Notaires | Atelier Croix-Rousse Architecture | Imprimerie des Terreaux |
  Pharmacie Bellecour | Optique Saint-Jean | Boulangerie Vial | Librairie Passages |
  Galerie Confluence | Cabinet dentaire Carnot | Auto-école Jean-Macé | Fleurs de Fourvière |
  Studio Presqu’île Design | Expertise Comptable Collomb | Immobilière des Brotteaux |
  Taxi Lyon Centre | Pressing de la Martinière | Théâtre des Asphodèles
`);

const STREETS = list(`
  rue de la République | rue Mercière | quai Saint-Antoine | rue Victor-Hugo | rue du Plat |
  montée de la Grande-Côte | rue Saint-Jean | cours Lafayette | rue Garibaldi | rue Paul-Bert |
  boulevard de la Croix-Rousse | rue d’Austerlitz | avenue Jean-Jaurès | rue Duguesclin |
  quai Pierre-Scize
`);

const MAIL_DOMAINS = ['gmail.com', 'orange.fr', 'free.fr', 'laposte.net', 'outlook.fr', 'sfr.fr', 'yahoo.fr'];

export interface StaffMember {
  id: string;
  firstname: string;
  lastname: string;
  role: 'gérant' | 'responsable' | 'serveur' | 'barman' | 'cuisinier';
}

/** Lowercase ASCII for e-mail addresses: accents dropped, spaces and apostrophes removed. */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

function phone(rng: Random): string {
  const pairs = Array.from({ length: 4 }, () => String(rng.int(0, 99)).padStart(2, '0'));
  return `0${rng.pick(['6', '7'])} ${pairs.join(' ')}`;
}

/** One customer account's identity (its money lives in the simulator's running state). */
export function customerIdentity(
  rng: Random,
  args: {
    id: string;
    uniqId: number;
    type: 0 | 1;
    at: string;
    zipcode: string;
    city: string;
    hasTabCard?: boolean;
  },
): Omit<CustomerAccountData, 'tracking'> {
  const firstname = rng.pick(FIRST_NAMES);
  const lastname = rng.pick(LAST_NAMES);
  const isCompany = args.type === 0 && rng.chance(0.18);
  const companyName = isCompany ? rng.pick(COMPANY_NAMES) : null;
  const companySiren = isCompany
    ? sirenFrom(`${rng.pick(['3', '4', '5', '8', '9'])}${rng.int(0, 9_999_999).toString().padStart(7, '0')}`)
    : null;
  const domain =
    isCompany && companyName ? `${asciiSlug(companyName).slice(0, 18)}.fr` : rng.pick(MAIL_DOMAINS);
  const hasAddress = isCompany || rng.chance(0.3);
  return {
    id: args.id,
    uniqId: args.uniqId,
    type: args.type,
    lastname,
    firstname,
    cardNumber:
      args.type === 1 || args.hasTabCard === true ? `CF${String(args.uniqId).padStart(6, '0')}` : null,
    email: rng.chance(0.85) ? `${asciiSlug(firstname)}.${asciiSlug(lastname)}@${domain}` : null,
    phone: rng.chance(0.8) ? phone(rng) : null,
    addressStreet: hasAddress ? `${rng.int(1, 120)} ${rng.pick(STREETS)}` : null,
    addressZipcode: hasAddress ? args.zipcode : null,
    addressCity: hasAddress ? args.city : null,
    note: isCompany
      ? 'Règlement mensuel sur facture'
      : rng.chance(0.1)
        ? 'Habitué, table près de la fenêtre'
        : null,
    isCompany,
    companyName,
    companySiren,
    companyVat: companySiren ? frenchVatNumber(companySiren) : null,
    at: args.at,
  };
}
