// Over 400 lines: the five establishments' menus as data (products, prices, VAT classes), one catalogue read in one place.
import type { Activity } from './identity';

/**
 * How a product is taxed. On site, food and non-alcoholic drinks are at 10 % and alcohol at 20 %.
 * Sold to take away or delivered, drinks in closed containers and pastries (deferred consumption)
 * drop to 5.5 %, while prepared food and hot drinks for immediate consumption stay at 10 %.
 */
export type VatClass = 'food' | 'hot' | 'soft' | 'bakery' | 'alcohol';

export const VAT_REDUCED_BP = 550;
export const VAT_INTERMEDIATE_BP = 1000;
export const VAT_STANDARD_BP = 2000;

export function vatRateFor(vat: VatClass, activityType: 1 | 2 | 3): number {
  if (vat === 'alcohol') return VAT_STANDARD_BP;
  if (activityType !== 1 && (vat === 'soft' || vat === 'bakery')) return VAT_REDUCED_BP;
  return VAT_INTERMEDIATE_BP;
}

export interface MenuCategory {
  key: string;
  name: string;
  vat: VatClass;
  /** Sold for takeaway and delivery. */
  takeaway: boolean;
  products: readonly (readonly [name: string, priceCents: number])[];
}

/** A set menu: the parent line carries the price, one child line (at 0) per chosen component. */
export interface FormulaDef {
  product: string;
  components: readonly { category: string; products?: readonly string[] }[];
}

export interface Menu {
  categories: readonly MenuCategory[];
  formulas: readonly FormulaDef[];
}

const hotDrinks = (espresso: number): MenuCategory => ({
  key: 'hot',
  name: 'Boissons chaudes',
  vat: 'hot',
  takeaway: true,
  products: [
    ['Expresso', espresso],
    ['Double expresso', espresso * 2 - 40],
    ['Café allongé', espresso + 20],
    ['Noisette', espresso + 30],
    ['Café crème', espresso + 190],
    ['Cappuccino', espresso + 250],
    ['Chocolat chaud', espresso + 250],
    ['Thé vert Sencha', espresso + 190],
    ['Thé Earl Grey', espresso + 190],
    ['Infusion verveine', espresso + 190],
  ],
});

const softs: MenuCategory = {
  key: 'softs',
  name: 'Softs',
  vat: 'soft',
  takeaway: true,
  products: [
    ['Coca-Cola 33 cl', 450],
    ['Coca-Cola zéro 33 cl', 450],
    ['Orangina 25 cl', 450],
    ['Schweppes Tonic 25 cl', 450],
    ['Limonade artisanale 33 cl', 480],
    ['Ice tea pêche 25 cl', 450],
    ['Jus de pomme bio 25 cl', 450],
    ['Jus d’abricot 25 cl', 450],
    ['Sirop à l’eau', 300],
    ['Evian 50 cl', 400],
    ['Badoit 50 cl', 450],
    ['Perrier 33 cl', 420],
  ],
};

const brasserie: Menu = {
  categories: [
    {
      key: 'starters',
      name: 'Entrées',
      vat: 'food',
      takeaway: true,
      products: [
        ['Œuf mayonnaise', 750],
        ['Soupe à l’oignon gratinée', 950],
        ['Terrine de campagne maison', 890],
        ['Salade lyonnaise', 1150],
        ['Poireaux vinaigrette', 850],
        ['Harengs pommes à l’huile', 950],
        ['Escargots de Bourgogne (6)', 1250],
        ['Os à moelle au gros sel', 1050],
        ['Saucisson brioché', 1150],
        ['Tartare de saumon', 1250],
        ['Foie gras de canard maison', 1850],
        ['Velouté du moment', 790],
      ],
    },
    {
      key: 'mains',
      name: 'Plats',
      vat: 'food',
      takeaway: true,
      products: [
        ['Plat du jour', 1590],
        ['Quenelle de brochet sauce Nantua', 2150],
        ['Andouillette AAAAA frites', 1990],
        ['Tablier de sapeur', 1950],
        ['Steak tartare préparé frites', 1990],
        ['Entrecôte 300 g sauce au poivre', 2890],
        ['Bavette à l’échalote', 2150],
        ['Confit de canard pommes sarladaises', 2250],
        ['Saucisson chaud pommes vapeur', 1790],
        ['Poulet fermier rôti purée', 1890],
        ['Filet de bar beurre blanc', 2450],
        ['Pavé de saumon à l’oseille', 2250],
        ['Choucroute garnie', 2150],
        ['Salade César', 1690],
        ['Burger de la brasserie', 1890],
        ['Risotto aux champignons', 1790],
        ['Croque-monsieur salade', 1390],
        ['Steak haché frites (enfant)', 950],
      ],
    },
    {
      key: 'sides',
      name: 'Accompagnements',
      vat: 'food',
      takeaway: true,
      products: [
        ['Frites maison', 450],
        ['Purée maison', 450],
        ['Gratin dauphinois', 550],
        ['Salade verte', 400],
        ['Légumes du moment', 450],
      ],
    },
    {
      key: 'cheeses',
      name: 'Fromages',
      vat: 'food',
      takeaway: false,
      products: [
        ['Saint-Marcellin affiné', 650],
        ['Cervelle de canut', 650],
        ['Assiette de trois fromages', 950],
      ],
    },
    {
      key: 'desserts',
      name: 'Desserts',
      vat: 'bakery',
      takeaway: true,
      products: [
        ['Tarte aux pralines', 850],
        ['Île flottante', 750],
        ['Crème brûlée', 790],
        ['Mousse au chocolat', 750],
        ['Profiteroles', 950],
        ['Café gourmand', 990],
        ['Tarte Tatin crème crue', 890],
        ['Baba au rhum', 950],
        ['Coupe trois boules', 750],
        ['Fondant au chocolat', 850],
        ['Salade de fruits frais', 690],
        ['Glace enfant', 450],
      ],
    },
    {
      key: 'formulas',
      name: 'Formules',
      vat: 'food',
      takeaway: true,
      products: [
        ['Formule midi entrée + plat', 2190],
        ['Formule midi plat + dessert', 2190],
        ['Formule midi complète', 2690],
        ['Menu bouchon lyonnais', 3290],
        ['Menu enfant', 1150],
      ],
    },
    hotDrinks(230),
    softs,
    {
      key: 'juices',
      name: 'Jus de fruits',
      vat: 'soft',
      takeaway: true,
      products: [
        ['Jus d’orange pressé', 590],
        ['Citron pressé', 550],
        ['Jus de tomate', 450],
      ],
    },
    {
      key: 'beers',
      name: 'Bières',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Demi pression', 450],
        ['Pinte pression', 850],
        ['Panaché', 450],
        ['Monaco', 500],
        ['Bière blanche pression', 500],
        ['Leffe blonde 33 cl', 650],
        ['IPA lyonnaise 33 cl', 700],
      ],
    },
    {
      key: 'wines',
      name: 'Vins',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Côtes-du-Rhône (verre)', 550],
        ['Beaujolais-Villages (verre)', 550],
        ['Morgon (verre)', 650],
        ['Saint-Joseph (verre)', 750],
        ['Mâcon-Villages blanc (verre)', 600],
        ['Rosé de Provence (verre)', 600],
        ['Pot lyonnais Côtes-du-Rhône 46 cl', 1700],
        ['Pot lyonnais Beaujolais 46 cl', 1700],
        ['Morgon (bouteille)', 3400],
        ['Crozes-Hermitage (bouteille)', 3900],
        ['Saint-Joseph (bouteille)', 4200],
        ['Chablis (bouteille)', 4200],
        ['Coupe de champagne', 1100],
        ['Champagne brut (bouteille)', 6500],
      ],
    },
    {
      key: 'aperitifs',
      name: 'Apéritifs',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Kir vin blanc', 500],
        ['Kir royal', 1100],
        ['Pastis', 450],
        ['Martini blanc', 600],
        ['Spritz Apérol', 900],
      ],
    },
    {
      key: 'digestifs',
      name: 'Digestifs',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Cognac', 900],
        ['Calvados', 800],
        ['Chartreuse verte', 900],
        ['Poire Williams', 800],
        ['Marc du Bugey', 800],
      ],
    },
  ],
  formulas: [
    { product: 'Formule midi entrée + plat', components: [{ category: 'starters' }, { category: 'mains' }] },
    { product: 'Formule midi plat + dessert', components: [{ category: 'mains' }, { category: 'desserts' }] },
    {
      product: 'Formule midi complète',
      components: [{ category: 'starters' }, { category: 'mains' }, { category: 'desserts' }],
    },
    {
      product: 'Menu bouchon lyonnais',
      components: [
        { category: 'starters', products: ['Salade lyonnaise', 'Saucisson brioché', 'Œuf mayonnaise'] },
        {
          category: 'mains',
          products: ['Quenelle de brochet sauce Nantua', 'Andouillette AAAAA frites', 'Tablier de sapeur'],
        },
        { category: 'cheeses', products: ['Saint-Marcellin affiné', 'Cervelle de canut'] },
        { category: 'desserts', products: ['Tarte aux pralines', 'Île flottante'] },
      ],
    },
    {
      product: 'Menu enfant',
      components: [
        { category: 'mains', products: ['Steak haché frites (enfant)'] },
        { category: 'desserts', products: ['Glace enfant'] },
      ],
    },
  ],
};

const bar: Menu = {
  categories: [
    {
      key: 'cocktails',
      name: 'Cocktails',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Mojito', 1100],
        ['Spritz Apérol', 950],
        ['Hugo Spritz', 950],
        ['Negroni', 1200],
        ['Americano', 1050],
        ['Old Fashioned', 1300],
        ['Margarita', 1150],
        ['Moscow Mule', 1100],
        ['Espresso Martini', 1250],
        ['Pornstar Martini', 1250],
        ['Gin tonic', 1100],
        ['Cosmopolitan', 1150],
        ['Caïpirinha', 1100],
        ['Daiquiri', 1100],
        ['Whisky sour', 1200],
        ['Paloma', 1150],
        ['Mai Tai', 1300],
        ['Cocktail du moment', 1200],
      ],
    },
    {
      key: 'mocktails',
      name: 'Cocktails sans alcool',
      vat: 'soft',
      takeaway: false,
      products: [
        ['Virgin Mojito', 750],
        ['Fraîcheur gingembre', 750],
        ['Pink lemonade', 700],
        ['Virgin Colada', 800],
        ['Kombucha maison', 650],
      ],
    },
    {
      key: 'beers',
      name: 'Bières',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Demi pression', 450],
        ['Pinte pression', 850],
        ['Pinte IPA', 950],
        ['Pinte blanche', 900],
        ['Pinte ambrée', 900],
        ['Brooklyn Lager 33 cl', 750],
        ['Chimay bleue 33 cl', 850],
        ['Duvel 33 cl', 800],
        ['Bière du mois', 800],
        ['Pichet de bière 1,5 l', 2400],
      ],
    },
    {
      key: 'nabeers',
      name: 'Bières sans alcool',
      vat: 'soft',
      takeaway: false,
      products: [
        ['Bière sans alcool 33 cl', 600],
        ['IPA sans alcool 33 cl', 650],
      ],
    },
    {
      key: 'wines',
      name: 'Vins',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Verre de Côtes-du-Rhône', 650],
        ['Verre de Saint-Joseph', 800],
        ['Verre de Viognier', 750],
        ['Verre de rosé', 650],
        ['Verre de Crémant de Bourgogne', 850],
        ['Bouteille de Côtes-du-Rhône', 3200],
        ['Bouteille de Viognier', 3600],
        ['Bouteille de rosé', 3200],
        ['Bouteille de champagne', 7500],
      ],
    },
    {
      key: 'spirits',
      name: 'Spiritueux',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Whisky Jameson', 900],
        ['Whisky Nikka From the Barrel', 1300],
        ['Lagavulin 16 ans', 1500],
        ['Rhum Diplomático', 1200],
        ['Rhum Zacapa 23', 1400],
        ['Gin Hendrick’s', 1100],
        ['Vodka Grey Goose', 1100],
        ['Tequila Patrón Silver', 1200],
        ['Mezcal', 1200],
        ['Cognac VSOP', 1100],
        ['Chartreuse verte', 900],
        ['Get 27', 800],
      ],
    },
    {
      key: 'shooters',
      name: 'Shooters',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Shooter vodka', 500],
        ['Tequila paf', 500],
        ['B52', 700],
        ['Kamikaze', 600],
        ['Tournée de 6 shooters', 2700],
      ],
    },
    { ...softs, takeaway: false },
    {
      key: 'boards',
      name: 'Planches et tapas',
      vat: 'food',
      takeaway: false,
      products: [
        ['Planche de charcuterie', 1600],
        ['Planche de fromages', 1500],
        ['Planche mixte', 1900],
        ['Houmous et pain pita', 750],
        ['Olives marinées', 500],
        ['Frites maison', 500],
        ['Croquetas jambon', 850],
        ['Nachos guacamole', 900],
        ['Accras de morue', 850],
      ],
    },
    {
      ...hotDrinks(250),
      takeaway: false,
      products: hotDrinks(250).products.slice(0, 5),
    },
  ],
  formulas: [],
};

const cafe: Menu = {
  categories: [
    hotDrinks(190),
    {
      key: 'pastries',
      name: 'Viennoiseries',
      vat: 'bakery',
      takeaway: true,
      products: [
        ['Croissant', 130],
        ['Pain au chocolat', 140],
        ['Pain aux raisins', 190],
        ['Chausson aux pommes', 210],
        ['Brioche au sucre', 190],
        ['Tartine beurre confiture', 250],
      ],
    },
    {
      key: 'breakfast',
      name: 'Petits-déjeuners',
      vat: 'food',
      takeaway: false,
      products: [
        ['Formule express café + croissant', 320],
        ['Petit-déjeuner continental', 890],
        ['Petit-déjeuner complet', 1350],
      ],
    },
    {
      key: 'juices',
      name: 'Jus et smoothies',
      vat: 'soft',
      takeaway: true,
      products: [
        ['Jus d’orange pressé', 490],
        ['Jus de pamplemousse pressé', 490],
        ['Smoothie fraise banane', 590],
        ['Smoothie mangue passion', 590],
        ['Citronnade maison', 450],
      ],
    },
    softs,
    {
      key: 'sandwiches',
      name: 'Sandwichs',
      vat: 'food',
      takeaway: true,
      products: [
        ['Jambon-beurre', 550],
        ['Parisien jambon fromage', 650],
        ['Poulet crudités', 690],
        ['Thon mayonnaise', 650],
        ['Végétarien houmous', 650],
        ['Croque-monsieur', 790],
        ['Croque-madame', 890],
        ['Bagel saumon', 890],
      ],
    },
    {
      key: 'mains',
      name: 'Salades et plats',
      vat: 'food',
      takeaway: true,
      products: [
        ['Plat du jour', 1390],
        ['Salade César', 1290],
        ['Quiche lorraine salade', 1090],
        ['Soupe du jour', 650],
        ['Tartine chèvre miel', 1150],
        ['Bowl végétarien', 1290],
        ['Omelette nature', 850],
        ['Omelette jambon fromage', 1050],
      ],
    },
    {
      key: 'formulas',
      name: 'Formules',
      vat: 'food',
      takeaway: true,
      products: [
        ['Formule sandwich + boisson + dessert', 1090],
        ['Formule plat du jour + café', 1590],
        ['Formule salade + dessert', 1690],
      ],
    },
    {
      key: 'desserts',
      name: 'Pâtisseries',
      vat: 'bakery',
      takeaway: true,
      products: [
        ['Cookie', 290],
        ['Muffin myrtille', 350],
        ['Brownie', 350],
        ['Part de tarte aux fruits', 450],
        ['Flan pâtissier', 390],
        ['Cheesecake', 550],
        ['Fromage blanc coulis', 450],
        ['Salade de fruits', 450],
      ],
    },
    {
      key: 'beers',
      name: 'Bières',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Demi pression', 400],
        ['Pinte pression', 750],
        ['Panaché', 400],
      ],
    },
    {
      key: 'wines',
      name: 'Vins',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Verre de Côtes-du-Rhône', 450],
        ['Verre de Mâcon blanc', 500],
        ['Verre de rosé', 450],
      ],
    },
  ],
  formulas: [
    {
      product: 'Formule sandwich + boisson + dessert',
      components: [{ category: 'sandwiches' }, { category: 'softs' }, { category: 'desserts' }],
    },
    {
      product: 'Formule plat du jour + café',
      components: [
        { category: 'mains', products: ['Plat du jour'] },
        { category: 'hot', products: ['Expresso'] },
      ],
    },
    {
      product: 'Formule salade + dessert',
      components: [
        { category: 'mains', products: ['Salade César', 'Bowl végétarien', 'Quiche lorraine salade'] },
        { category: 'desserts' },
      ],
    },
  ],
};

const creperie: Menu = {
  categories: [
    {
      key: 'galettes',
      name: 'Galettes',
      vat: 'food',
      takeaway: true,
      products: [
        ['Galette beurre', 550],
        ['Galette jambon', 750],
        ['Galette complète', 950],
        ['Galette complète œuf miroir', 1050],
        ['Galette forestière', 1250],
        ['Galette savoyarde', 1390],
        ['Galette paysanne', 1290],
        ['Galette andouille de Guémené', 1290],
        ['Galette chèvre miel noix', 1190],
        ['Galette saumon fumé crème citron', 1450],
        ['Galette végétarienne', 1190],
        ['Galette-saucisse', 690],
        ['Galette Saint-Jacques poireaux', 1690],
        ['Galette enfant jambon fromage', 750],
      ],
    },
    {
      key: 'crepes',
      name: 'Crêpes sucrées',
      vat: 'food',
      takeaway: true,
      products: [
        ['Crêpe beurre sucre', 450],
        ['Crêpe citron sucre', 500],
        ['Crêpe confiture maison', 550],
        ['Crêpe chocolat maison', 550],
        ['Crêpe caramel beurre salé', 650],
        ['Crêpe chocolat banane', 750],
        ['Crêpe pommes caramel', 750],
        ['Crêpe Suzette flambée', 850],
        ['Crêpe normande', 850],
        ['Crêpe glace vanille chantilly', 790],
        ['Crêpe marrons chantilly', 750],
        ['Crêpe enfant chocolat', 450],
      ],
    },
    {
      key: 'salads',
      name: 'Salades',
      vat: 'food',
      takeaway: true,
      products: [
        ['Salade bretonne', 1290],
        ['Salade chèvre chaud', 1250],
        ['Salade de la mer', 1450],
      ],
    },
    {
      key: 'formulas',
      name: 'Formules',
      vat: 'food',
      takeaway: true,
      products: [
        ['Formule midi galette + crêpe', 1590],
        ['Formule complète galette + crêpe + café', 1890],
        ['Menu enfant', 950],
      ],
    },
    {
      key: 'ciders',
      name: 'Cidres',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Bolée de cidre brut', 400],
        ['Bolée de cidre doux', 400],
        ['Cidre brut fermier 75 cl', 1450],
        ['Cidre doux fermier 75 cl', 1450],
        ['Poiré 75 cl', 1650],
        ['Chouchen (verre)', 550],
      ],
    },
    {
      key: 'beers',
      name: 'Bières',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Bière bretonne blonde 33 cl', 650],
        ['Bière bretonne ambrée 33 cl', 650],
        ['Demi pression', 450],
      ],
    },
    {
      key: 'wines',
      name: 'Vins',
      vat: 'alcohol',
      takeaway: false,
      products: [
        ['Muscadet (verre)', 500],
        ['Muscadet (bouteille)', 2400],
        ['Rosé (verre)', 500],
      ],
    },
    {
      ...softs,
      products: [...softs.products.slice(0, 8), ['Breizh Cola 33 cl', 450], ['Lait ribot', 350]],
    },
    { ...hotDrinks(220), products: hotDrinks(220).products.slice(0, 8) },
  ],
  formulas: [
    {
      product: 'Formule midi galette + crêpe',
      components: [
        {
          category: 'galettes',
          products: [
            'Galette complète',
            'Galette jambon',
            'Galette chèvre miel noix',
            'Galette végétarienne',
          ],
        },
        {
          category: 'crepes',
          products: ['Crêpe beurre sucre', 'Crêpe caramel beurre salé', 'Crêpe chocolat maison'],
        },
      ],
    },
    {
      product: 'Formule complète galette + crêpe + café',
      components: [
        { category: 'galettes' },
        { category: 'crepes' },
        { category: 'hot', products: ['Expresso', 'Café allongé', 'Thé vert Sencha'] },
      ],
    },
    {
      product: 'Menu enfant',
      components: [
        { category: 'galettes', products: ['Galette enfant jambon fromage'] },
        { category: 'crepes', products: ['Crêpe enfant chocolat'] },
      ],
    },
  ],
};

const menus: Record<Activity, Menu> = { brasserie, bar, cafe, creperie };

/** The menu an establishment of this activity sells. */
export function menuFor(activity: Activity): Menu {
  return menus[activity];
}
