import { defineMessages } from '../../i18n/defineMessages';

export const accountingPackMessages = defineMessages({
  fr: {
    'accountingPack.customers.avoirsOverspent':
      'Avoirs encaissés au-delà de ceux émis dans Comptoir (émis avant lui, sans doute) : {amount}.',
    'accountingPack.customers.title': 'Comptes clients à la fin du mois',
    'accountingPack.customers.caption': 'Soldes des comptes clients',
    'accountingPack.customers.name': 'Client',
    'accountingPack.customers.aux': 'Compte auxiliaire',
    'accountingPack.customers.owed': 'Solde des opérations',
    'accountingPack.customers.ledger': 'Solde 411 (écritures)',
    'accountingPack.customers.prepaid': 'Avance 4191 (écritures)',
    'accountingPack.customers.difference': 'Écart',
    'accountingPack.customers.agree':
      'Au {day}, le solde de chaque client égale, au centime, celui de ses comptes auxiliaires dans les écritures : 411 pour ce qu’il doit, moins 4191 pour l’avance qu’il a versée.',
    'accountingPack.customers.differ':
      'Au {day}, des soldes clients diffèrent de leurs comptes auxiliaires (411 moins 4191) : voyez la colonne « Écart ».',
    'accountingPack.customers.totals':
      'Dû par les clients : {receivable} · avances reçues (4191) : {prepaid} · avoirs restant à utiliser (4191) : {avoirs}.',
    'accountingPack.customers.empty': 'Aucun compte client n’a de solde dans cet établissement.',
    'accountingPack.title': 'Pour l’expert-comptable',
    'accountingPack.intro':
      'Les fichiers que votre expert-comptable demande chaque mois et à la clôture de l’exercice.',
    'accountingPack.month': 'Mois',
    'accountingPack.vat.title': 'Déclaration de TVA (CA3)',
    'accountingPack.vat.caption': 'TVA du mois par taux',
    'accountingPack.vat.rate': 'Taux',
    'accountingPack.vat.salesBase': 'Ventes HT',
    'accountingPack.vat.salesVat': 'TVA collectée',
    'accountingPack.vat.avoirsBase': 'Avoirs HT',
    'accountingPack.vat.avoirsVat': 'TVA sur avoirs',
    'accountingPack.vat.base': 'Base à déclarer',
    'accountingPack.vat.vat': 'TVA à déclarer',
    'accountingPack.vat.zBase': 'Rapports Z : HT',
    'accountingPack.vat.zVat': 'Rapports Z : TVA',
    'accountingPack.vat.zAgree':
      'Les ventes par taux égalent, au centime, la somme des {count} rapports Z des caisses du mois.',
    'accountingPack.vat.zDiffer':
      'Les ventes par taux diffèrent de la somme des {count} rapports Z du mois : vérifiez les journées du mois dans l’administration fiscale.',
    'accountingPack.vat.open':
      'Les journées à partir du {day} ne sont pas encore clôturées : les chiffres du mois peuvent encore changer.',
    'accountingPack.vat.empty': 'Aucune vente sur ce mois.',
    'accountingPack.z.title': 'Rapports Z du mois',
    'accountingPack.z.hint':
      'Tous les rapports Z des caisses du mois en un PDF, jour par jour, sous le numéro de pièce que porte le FEC.',
    'accountingPack.z.download': 'Télécharger les rapports Z (PDF)',
    'accountingPack.exercise.title': 'FEC de l’exercice',
    'accountingPack.exercise.hint':
      'Toutes les écritures que vos exports FEC ont enregistrées sur l’exercice, avec leurs numéros, sous le nom légal du fichier. La date de clôture de l’exercice se règle dans la configuration des comptes.',
    'accountingPack.exercise.label': 'Exercice',
    'accountingPack.exercise.option': 'Du {start} au {end} ({days} journées exportées)',
    'accountingPack.exercise.download': 'Télécharger le FEC de l’exercice',
    'accountingPack.exercise.empty':
      'Aucun export FEC n’a encore enregistré d’écritures : exportez d’abord une période au format FEC.',
    'accountingPack.downloading': 'Préparation…',
    'accountingPack.error': 'Le fichier n’a pas pu être préparé. Réessayez.',
    'accountingPack.loadError': 'Ces informations n’ont pas pu être chargées.',
  },
  en: {
    'accountingPack.customers.avoirsOverspent':
      'Credit notes spent beyond those issued in Comptoir (probably issued before it): {amount}.',
    'accountingPack.customers.title': 'Customer accounts at the month’s end',
    'accountingPack.customers.caption': 'Customer account balances',
    'accountingPack.customers.name': 'Customer',
    'accountingPack.customers.aux': 'Auxiliary account',
    'accountingPack.customers.owed': 'Balance of operations',
    'accountingPack.customers.ledger': '411 balance (entries)',
    'accountingPack.customers.prepaid': '4191 advance (entries)',
    'accountingPack.customers.difference': 'Difference',
    'accountingPack.customers.agree':
      'On {day}, each customer’s balance equals, to the cent, its auxiliary accounts in the entries: 411 for what it owes, less 4191 for the advance it paid.',
    'accountingPack.customers.differ':
      'On {day}, some customer balances differ from their auxiliary accounts (411 less 4191): see the « Difference » column.',
    'accountingPack.customers.totals':
      'Owed by customers: {receivable} · advances received (4191): {prepaid} · credit notes still to use (4191): {avoirs}.',
    'accountingPack.customers.empty': 'No customer account has a balance in this establishment.',
    'accountingPack.title': 'For the accountant',
    'accountingPack.intro': 'The files your accountant asks for every month and at the financial year end.',
    'accountingPack.month': 'Month',
    'accountingPack.vat.title': 'VAT return (CA3)',
    'accountingPack.vat.caption': 'VAT of the month by rate',
    'accountingPack.vat.rate': 'Rate',
    'accountingPack.vat.salesBase': 'Sales excl. VAT',
    'accountingPack.vat.salesVat': 'VAT collected',
    'accountingPack.vat.avoirsBase': 'Credit notes excl. VAT',
    'accountingPack.vat.avoirsVat': 'VAT on credit notes',
    'accountingPack.vat.base': 'Base to declare',
    'accountingPack.vat.vat': 'VAT to declare',
    'accountingPack.vat.zBase': 'Z reports: excl. VAT',
    'accountingPack.vat.zVat': 'Z reports: VAT',
    'accountingPack.vat.zAgree':
      'Sales by rate equal, to the cent, the sum of the month’s {count} register Z reports.',
    'accountingPack.vat.zDiffer':
      'Sales by rate differ from the sum of the month’s {count} Z reports: check the month’s days in the tax administration.',
    'accountingPack.vat.open':
      'The days from {day} are not closed yet: the month’s figures may still change.',
    'accountingPack.vat.empty': 'No sales this month.',
    'accountingPack.z.title': 'Z reports of the month',
    'accountingPack.z.hint':
      'Every register Z report of the month in one PDF, day by day, under the piece number the FEC carries.',
    'accountingPack.z.download': 'Download the Z reports (PDF)',
    'accountingPack.exercise.title': 'FEC of the financial year',
    'accountingPack.exercise.hint':
      'Every entry your FEC exports booked in the financial year, with their numbers, under the file’s legal name. The year end is set in the account configuration.',
    'accountingPack.exercise.label': 'Financial year',
    'accountingPack.exercise.option': 'From {start} to {end} ({days} days exported)',
    'accountingPack.exercise.download': 'Download the financial year’s FEC',
    'accountingPack.exercise.empty': 'No FEC export has booked entries yet: first export a period as FEC.',
    'accountingPack.downloading': 'Preparing…',
    'accountingPack.error': 'The file could not be prepared. Try again.',
    'accountingPack.loadError': 'This information could not be loaded.',
  },
  es: {
    'accountingPack.customers.avoirsOverspent':
      'Abonos cobrados por encima de los emitidos en Comptoir (emitidos antes, sin duda): {amount}.',
    'accountingPack.customers.title': 'Cuentas de clientes a fin de mes',
    'accountingPack.customers.caption': 'Saldos de las cuentas de clientes',
    'accountingPack.customers.name': 'Cliente',
    'accountingPack.customers.aux': 'Cuenta auxiliar',
    'accountingPack.customers.owed': 'Saldo de las operaciones',
    'accountingPack.customers.ledger': 'Saldo 411 (asientos)',
    'accountingPack.customers.prepaid': 'Anticipo 4191 (asientos)',
    'accountingPack.customers.difference': 'Diferencia',
    'accountingPack.customers.agree':
      'A {day}, el saldo de cada cliente iguala, al céntimo, el de sus cuentas auxiliares en los asientos: 411 por lo que debe, menos 4191 por el anticipo que pagó.',
    'accountingPack.customers.differ':
      'A {day}, algunos saldos de clientes difieren de sus cuentas auxiliares (411 menos 4191): vea la columna « Diferencia ».',
    'accountingPack.customers.totals':
      'Adeudado por los clientes: {receivable} · anticipos recibidos (4191): {prepaid} · abonos pendientes de usar (4191): {avoirs}.',
    'accountingPack.customers.empty': 'Ninguna cuenta de cliente tiene saldo en este establecimiento.',
    'accountingPack.title': 'Para el gestor contable',
    'accountingPack.intro': 'Los ficheros que su gestor pide cada mes y al cierre del ejercicio.',
    'accountingPack.month': 'Mes',
    'accountingPack.vat.title': 'Declaración de IVA (CA3)',
    'accountingPack.vat.caption': 'IVA del mes por tipo',
    'accountingPack.vat.rate': 'Tipo',
    'accountingPack.vat.salesBase': 'Ventas sin IVA',
    'accountingPack.vat.salesVat': 'IVA repercutido',
    'accountingPack.vat.avoirsBase': 'Abonos sin IVA',
    'accountingPack.vat.avoirsVat': 'IVA de abonos',
    'accountingPack.vat.base': 'Base a declarar',
    'accountingPack.vat.vat': 'IVA a declarar',
    'accountingPack.vat.zBase': 'Informes Z: sin IVA',
    'accountingPack.vat.zVat': 'Informes Z: IVA',
    'accountingPack.vat.zAgree':
      'Las ventas por tipo igualan, al céntimo, la suma de los {count} informes Z de las cajas del mes.',
    'accountingPack.vat.zDiffer':
      'Las ventas por tipo difieren de la suma de los {count} informes Z del mes: revise los días del mes en la administración fiscal.',
    'accountingPack.vat.open':
      'Los días a partir del {day} aún no están cerrados: las cifras del mes pueden cambiar.',
    'accountingPack.vat.empty': 'Ninguna venta este mes.',
    'accountingPack.z.title': 'Informes Z del mes',
    'accountingPack.z.hint':
      'Todos los informes Z de las cajas del mes en un PDF, día a día, con el número de pieza que lleva el FEC.',
    'accountingPack.z.download': 'Descargar los informes Z (PDF)',
    'accountingPack.exercise.title': 'FEC del ejercicio',
    'accountingPack.exercise.hint':
      'Todos los asientos que sus exportaciones FEC registraron en el ejercicio, con sus números, con el nombre legal del fichero. La fecha de cierre se ajusta en la configuración de cuentas.',
    'accountingPack.exercise.label': 'Ejercicio',
    'accountingPack.exercise.option': 'Del {start} al {end} ({days} días exportados)',
    'accountingPack.exercise.download': 'Descargar el FEC del ejercicio',
    'accountingPack.exercise.empty':
      'Ninguna exportación FEC ha registrado asientos todavía: exporte primero un periodo en FEC.',
    'accountingPack.downloading': 'Preparando…',
    'accountingPack.error': 'No se pudo preparar el fichero. Inténtelo de nuevo.',
    'accountingPack.loadError': 'No se pudo cargar esta información.',
  },
  ca: {
    'accountingPack.customers.avoirsOverspent':
      'Abonaments cobrats per sobre dels emesos a Comptoir (emesos abans, sens dubte): {amount}.',
    'accountingPack.customers.title': 'Comptes de clients a final de mes',
    'accountingPack.customers.caption': 'Saldos dels comptes de clients',
    'accountingPack.customers.name': 'Client',
    'accountingPack.customers.aux': 'Compte auxiliar',
    'accountingPack.customers.owed': 'Saldo de les operacions',
    'accountingPack.customers.ledger': 'Saldo 411 (assentaments)',
    'accountingPack.customers.prepaid': 'Bestreta 4191 (assentaments)',
    'accountingPack.customers.difference': 'Diferència',
    'accountingPack.customers.agree':
      'A {day}, el saldo de cada client iguala, al cèntim, el dels seus comptes auxiliars als assentaments: 411 pel que deu, menys 4191 per la bestreta que va pagar.',
    'accountingPack.customers.differ':
      'A {day}, alguns saldos de clients difereixen dels seus comptes auxiliars (411 menys 4191): vegeu la columna « Diferència ».',
    'accountingPack.customers.totals':
      'Degut pels clients: {receivable} · bestretes rebudes (4191): {prepaid} · abonaments pendents d’usar (4191): {avoirs}.',
    'accountingPack.customers.empty': 'Cap compte de client no té saldo en aquest establiment.',
    'accountingPack.title': 'Per al gestor comptable',
    'accountingPack.intro': 'Els fitxers que el vostre gestor demana cada mes i al tancament de l’exercici.',
    'accountingPack.month': 'Mes',
    'accountingPack.vat.title': 'Declaració d’IVA (CA3)',
    'accountingPack.vat.caption': 'IVA del mes per tipus',
    'accountingPack.vat.rate': 'Tipus',
    'accountingPack.vat.salesBase': 'Vendes sense IVA',
    'accountingPack.vat.salesVat': 'IVA repercutit',
    'accountingPack.vat.avoirsBase': 'Abonaments sense IVA',
    'accountingPack.vat.avoirsVat': 'IVA dels abonaments',
    'accountingPack.vat.base': 'Base a declarar',
    'accountingPack.vat.vat': 'IVA a declarar',
    'accountingPack.vat.zBase': 'Informes Z: sense IVA',
    'accountingPack.vat.zVat': 'Informes Z: IVA',
    'accountingPack.vat.zAgree':
      'Les vendes per tipus igualen, al cèntim, la suma dels {count} informes Z de les caixes del mes.',
    'accountingPack.vat.zDiffer':
      'Les vendes per tipus difereixen de la suma dels {count} informes Z del mes: reviseu els dies del mes a l’administració fiscal.',
    'accountingPack.vat.open':
      'Els dies a partir del {day} encara no estan tancats: les xifres del mes poden canviar.',
    'accountingPack.vat.empty': 'Cap venda aquest mes.',
    'accountingPack.z.title': 'Informes Z del mes',
    'accountingPack.z.hint':
      'Tots els informes Z de les caixes del mes en un PDF, dia a dia, amb el número de peça que porta el FEC.',
    'accountingPack.z.download': 'Descarregar els informes Z (PDF)',
    'accountingPack.exercise.title': 'FEC de l’exercici',
    'accountingPack.exercise.hint':
      'Tots els assentaments que les vostres exportacions FEC han registrat a l’exercici, amb els seus números, amb el nom legal del fitxer. La data de tancament es configura a la configuració dels comptes.',
    'accountingPack.exercise.label': 'Exercici',
    'accountingPack.exercise.option': 'Del {start} al {end} ({days} dies exportats)',
    'accountingPack.exercise.download': 'Descarregar el FEC de l’exercici',
    'accountingPack.exercise.empty':
      'Cap exportació FEC no ha registrat assentaments encara: exporteu primer un període en FEC.',
    'accountingPack.downloading': 'Preparant…',
    'accountingPack.error': 'No s’ha pogut preparar el fitxer. Torneu-ho a provar.',
    'accountingPack.loadError': 'Aquesta informació no s’ha pogut carregar.',
  },
});
