// Over 400 lines: a migration as it was applied, the FAQ's questions and answers in four languages; it must not change.
import { sql, type Kysely } from 'kysely';

/**
 * The FAQ's content (spec 1 §2.8): the same questions in French, English, Spanish and Catalan, grouped
 * by category, written for the product as built. Product content, seeded here so that every install
 * has it; ids are fixed (`faqItemId`) so that a later migration can correct one answer in place.
 */

type Language = 'fr' | 'en' | 'es' | 'ca';
type Texts = Record<Language, string>;

const LANGUAGES: readonly Language[] = ['fr', 'en', 'es', 'ca'];
const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES', ca: 'ca-ES' };

const CATEGORIES = {
  closures: {
    fr: 'Clôtures et grands totaux',
    en: 'Closures and grand totals',
    es: 'Cierres y grandes totales',
    ca: 'Tancaments i grans totals',
  },
  archives: {
    fr: 'Archives fiscales et contrôle fiscal',
    en: 'Fiscal archives and tax audits',
    es: 'Archivos fiscales e inspección fiscal',
    ca: 'Arxius fiscals i inspecció fiscal',
  },
  signatures: {
    fr: 'Signatures et journal technique (JET)',
    en: 'Signatures and technical event log (JET)',
    es: 'Firmas y diario técnico (JET)',
    ca: 'Signatures i diari tècnic (JET)',
  },
  accounting: {
    fr: 'Comptabilité et exports',
    en: 'Accounting and exports',
    es: 'Contabilidad y exportaciones',
    ca: 'Comptabilitat i exportacions',
  },
  customers: {
    fr: 'Comptes clients',
    en: 'Customer accounts',
    es: 'Cuentas de clientes',
    ca: 'Comptes de clients',
  },
  reports: { fr: 'Rapports', en: 'Reports', es: 'Informes', ca: 'Informes' },
  account: {
    fr: 'Compte, utilisateurs et connexion',
    en: 'Account, users and sign-in',
    es: 'Cuenta, usuarios y acceso',
    ca: 'Compte, usuaris i accés',
  },
  help: {
    fr: 'Aide et partenaires',
    en: 'Help and partners',
    es: 'Ayuda y socios',
    ca: 'Ajuda i socis',
  },
} satisfies Record<string, Texts>;

interface FaqEntry {
  category: keyof typeof CATEGORIES;
  question: Texts;
  answer: Texts;
}

/** In reading order: categories appear in the order of their first question. */
export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    category: 'closures',
    question: {
      fr: "Qu'est-ce qu'une clôture journalière ?",
      en: 'What is a daily closure?',
      es: '¿Qué es un cierre diario?',
      ca: 'Què és un tancament diari?',
    },
    answer: {
      fr: "Chaque caisse clôture sa journée (le rapport Z) et envoie cette clôture signée à Comptoir. Le serveur établit en plus, pour chaque établissement, une clôture journalière par journée d'activité qui additionne les clôtures des caisses : montants TTC et HT, TVA par taux, paiements par moyen de paiement et services. Cette clôture est signée par le serveur et chaînée à la précédente. Dans la liste des clôtures que consulte l'inspecteur, la colonne « Source » indique « Caisse » ou « Serveur ».",
      en: 'Each register closes its day (the Z report) and sends that signed closure to Comptoir. The server also makes, for each establishment, a daily closure per business day that adds up the registers\' closures: amounts including and excluding VAT, VAT per rate, payments per payment type and shifts. That closure is signed by the server and chained to the previous one. In the closures list an inspector sees, the "Source" column says "Register" or "Server".',
      es: 'Cada caja cierra su jornada (el informe Z) y envía ese cierre firmado a Comptoir. Además, el servidor elabora para cada establecimiento un cierre diario por jornada de actividad que suma los cierres de las cajas: importes con y sin IVA, IVA por tipo, pagos por medio de pago y servicios. Ese cierre lo firma el servidor y queda encadenado al anterior. En la lista de cierres que consulta el inspector, la columna «Origen» indica «Caja» o «Servidor».',
      ca: "Cada caixa tanca la seva jornada (l'informe Z) i envia aquest tancament signat a Comptoir. A més, el servidor elabora per a cada establiment un tancament diari per jornada d'activitat que suma els tancaments de les caixes: imports amb IVA i sense IVA, IVA per tipus, pagaments per mitjà de pagament i serveis. Aquest tancament el signa el servidor i queda encadenat a l'anterior. A la llista de tancaments que consulta l'inspector, la columna «Origen» indica «Caixa» o «Servidor».",
    },
  },
  {
    category: 'closures',
    question: {
      fr: 'Quand une journée est-elle clôturée par le serveur ?',
      en: 'When does the server close a day?',
      es: '¿Cuándo cierra el servidor una jornada?',
      ca: 'Quan tanca el servidor una jornada?',
    },
    answer: {
      fr: "Une journée d'activité se termine le lendemain à 6 h (heure de Paris). Le serveur la clôture dès que toutes les caisses actives qui ont enregistré des ventes ce jour-là ont fait leur clôture, et dans tous les cas 48 heures après la fin de la journée. Les journées sont clôturées dans l'ordre, y compris les journées sans vente. Le serveur fait ce travail automatiquement toutes les 15 minutes : vous n'avez rien à lancer.",
      en: 'A business day ends the next day at 6 a.m. (Paris time). The server closes it as soon as every active register that recorded sales that day has done its closure, and in any case 48 hours after the day ended. Days are closed in order, days without sales included. The server does this automatically every 15 minutes: you have nothing to start.',
      es: 'Una jornada de actividad termina al día siguiente a las 6 h (hora de París). El servidor la cierra en cuanto todas las cajas activas que registraron ventas ese día han hecho su cierre, y en cualquier caso 48 horas después del final de la jornada. Las jornadas se cierran en orden, incluidas las jornadas sin ventas. El servidor lo hace automáticamente cada 15 minutos: no tiene que lanzar nada.',
      ca: "Una jornada d'activitat acaba l'endemà a les 6 h (hora de París). El servidor la tanca tan bon punt totes les caixes actives que hi han registrat vendes han fet el seu tancament, i en tot cas 48 hores després del final de la jornada. Les jornades es tanquen per ordre, incloses les jornades sense vendes. El servidor ho fa automàticament cada 15 minuts: no cal que engegueu res.",
    },
  },
  {
    category: 'closures',
    question: {
      fr: 'Comment fonctionnent les clôtures mensuelle et annuelle ?',
      en: 'How do the monthly and annual closures work?',
      es: '¿Cómo funcionan los cierres mensual y anual?',
      ca: 'Com funcionen els tancaments mensual i anual?',
    },
    answer: {
      fr: "La clôture mensuelle additionne les clôtures journalières du serveur du mois ; elle est faite juste après le dernier jour du mois. La clôture annuelle additionne les clôtures mensuelles de l'année ; elle est faite juste après le 31 décembre. Comme les clôtures journalières, elles sont signées par le serveur, chaînées par établissement et enregistrées dans le journal des événements techniques.",
      en: "The monthly closure adds up the month's server daily closures; it is made right after the month's last day. The annual closure adds up the year's monthly closures; it is made right after 31 December. Like the daily closures, they are signed by the server, chained per establishment and recorded in the technical event log.",
      es: 'El cierre mensual suma los cierres diarios del servidor del mes; se hace justo después del último día del mes. El cierre anual suma los cierres mensuales del año; se hace justo después del 31 de diciembre. Como los cierres diarios, los firma el servidor, se encadenan por establecimiento y se registran en el diario de eventos técnicos.',
      ca: "El tancament mensual suma els tancaments diaris del servidor del mes; es fa just després de l'últim dia del mes. El tancament anual suma els tancaments mensuals de l'any; es fa just després del 31 de desembre. Com els tancaments diaris, els signa el servidor, s'encadenen per establiment i es registren al diari d'esdeveniments tècnics.",
    },
  },
  {
    category: 'closures',
    question: {
      fr: "Qu'est-ce que le grand total perpétuel ?",
      en: 'What is the perpetual grand total?',
      es: '¿Qué es el gran total perpetuo?',
      ca: 'Què és el gran total perpetu?',
    },
    answer: {
      fr: "Chaque clôture porte un « Grand total perpétuel TTC » : le grand total de la clôture précédente du même type, plus le total de la période. Il ne repart jamais de zéro, ni en début de mois ni en début d'année : c'est ce cumul, exigé par la loi anti-fraude, qui permet de voir qu'aucune vente n'a disparu entre deux clôtures.",
      en: 'Each closure carries a "Perpetual grand total incl. VAT": the grand total of the previous closure of the same type, plus the period\'s total. It never starts again from zero, neither at the start of a month nor of a year: this running total, required by the French anti-fraud law, shows that no sale disappeared between two closures.',
      es: 'Cada cierre lleva un «Gran total perpetuo con IVA»: el gran total del cierre anterior del mismo tipo más el total del periodo. Nunca vuelve a cero, ni a principio de mes ni a principio de año: este acumulado, exigido por la ley antifraude francesa, permite comprobar que ninguna venta ha desaparecido entre dos cierres.',
      ca: "Cada tancament porta un «Gran total perpetu amb IVA»: el gran total del tancament anterior del mateix tipus més el total del període. No torna mai a zero, ni a començament de mes ni a començament d'any: aquest acumulat, exigit per la llei antifrau francesa, permet comprovar que cap venda no ha desaparegut entre dos tancaments.",
    },
  },
  {
    category: 'closures',
    question: {
      fr: 'Puis-je modifier une vente après la clôture de la journée ?',
      en: 'Can I change a sale after the day has been closed?',
      es: '¿Puedo modificar una venta después del cierre de la jornada?',
      ca: 'Puc modificar una venda després del tancament de la jornada?',
    },
    answer: {
      fr: "Non. Une fois une journée clôturée par le serveur, Comptoir refuse tout enregistrement de caisse daté de cette journée ou d'une journée antérieure. Une erreur se corrige à la caisse par une nouvelle opération (annulation, remboursement) datée du jour où elle est faite : elle apparaît en négatif dans les historiques et dans la journée en cours, et la vente d'origine reste visible.",
      en: 'No. Once the server has closed a day, Comptoir refuses any register record dated on that day or an earlier one. A mistake is corrected at the register with a new operation (cancellation, refund) dated the day it is made: it shows as a negative amount in the histories and in the current day, and the original sale stays visible.',
      es: 'No. Una vez que el servidor ha cerrado una jornada, Comptoir rechaza cualquier registro de caja con fecha de esa jornada o de una anterior. Un error se corrige en la caja con una nueva operación (anulación, reembolso) con la fecha del día en que se hace: aparece en negativo en los historiales y en la jornada en curso, y la venta original sigue visible.',
      ca: "No. Un cop el servidor ha tancat una jornada, Comptoir rebutja qualsevol registre de caixa amb data d'aquella jornada o d'una d'anterior. Un error es corregeix a la caixa amb una nova operació (anul·lació, reemborsament) amb la data del dia en què es fa: apareix en negatiu als historials i a la jornada en curs, i la venda original continua visible.",
    },
  },
  {
    category: 'closures',
    question: {
      fr: "Pourquoi la journée d'hier n'est-elle pas encore clôturée ?",
      en: 'Why is yesterday not closed yet?',
      es: '¿Por qué la jornada de ayer todavía no está cerrada?',
      ca: "Per què la jornada d'ahir encara no està tancada?",
    },
    answer: {
      fr: "Une journée se termine le lendemain à 6 h ; le serveur attend ensuite que chaque caisse qui a vendu ce jour-là ait fait sa clôture, 48 heures au plus. Vérifiez qu'aucune caisse n'est restée ouverte. Tant que la journée n'est pas clôturée, elle ne figure ni dans l'« Export des clôtures » de vos données archivées, ni parmi les clôtures que consulte un inspecteur, et son rapport Z n'est pas disponible. Vos ventes, elles, sont déjà visibles dans les rapports de ventes.",
      en: 'A day ends the next day at 6 a.m.; the server then waits until every register that sold that day has done its closure, 48 hours at most. Check that no register was left open. Until the day is closed, it is neither in the "Export closures" of your archived data nor among the closures an inspector sees, and its Z report is not available. Your sales, however, already show in the sales reports.',
      es: 'Una jornada termina al día siguiente a las 6 h; después, el servidor espera a que cada caja que vendió ese día haya hecho su cierre, 48 horas como máximo. Compruebe que ninguna caja se haya quedado abierta. Mientras la jornada no esté cerrada, no figura en «Exportar los cierres» de sus datos archivados ni entre los cierres que consulta un inspector, y su informe Z no está disponible. En cambio, sus ventas ya se ven en los informes de ventas.',
      ca: "Una jornada acaba l'endemà a les 6 h; després, el servidor espera que cada caixa que hi ha venut hagi fet el seu tancament, 48 hores com a màxim. Comproveu que cap caixa no s'hagi quedat oberta. Mentre la jornada no estigui tancada, no figura a «Exporta els tancaments» de les vostres dades arxivades ni entre els tancaments que consulta un inspector, i el seu informe Z no està disponible. En canvi, les vostres vendes ja es veuen als informes de vendes.",
    },
  },
  {
    category: 'closures',
    question: {
      fr: 'Que signifie la mention « DUPLICATA » sur un rapport Z ou un ticket ?',
      en: 'What does "DUPLICATA" on a Z report or a receipt mean?',
      es: '¿Qué significa la mención «DUPLICATA» en un informe Z o un tique?',
      ca: 'Què vol dir la menció «DUPLICATA» en un informe Z o un tiquet?',
    },
    answer: {
      fr: "L'original est celui que la caisse a imprimé. Dans les écrans de l'administration fiscale, le détail d'une clôture, d'un service ou d'une commande permet d'afficher en PDF le rapport Z ou le ticket (« Voir l'impression du rapport Z », « Voir l'impression du ticket ») : chaque réimpression porte la mention « DUPLICATA n° X » et est enregistrée, car le nombre de duplicatas fait partie des données fiscales.",
      en: 'The original is the one the register printed. In the tax administration screens, the detail of a closure, a shift or an order shows the Z report or the ticket as a PDF ("View the Z report print", "View the ticket print"): each reprint is marked "DUPLICATA n° X" and is recorded, because the number of duplicates is part of the fiscal data.',
      es: 'El original es el que imprimió la caja. En las pantallas de la administración fiscal, el detalle de un cierre, de un servicio o de un pedido muestra en PDF el informe Z o el tique («Ver la impresión del informe Z», «Ver la impresión del tique»): cada reimpresión lleva la mención «DUPLICATA n° X» y queda registrada, porque el número de duplicados forma parte de los datos fiscales.',
      ca: "L'original és el que va imprimir la caixa. A les pantalles de l'administració fiscal, el detall d'un tancament, d'un servei o d'una comanda mostra en PDF l'informe Z o el tiquet («Mostra la impressió de l'informe Z», «Mostra la impressió del tiquet»): cada reimpressió porta la menció «DUPLICATA n° X» i queda registrada, perquè el nombre de duplicats forma part de les dades fiscals.",
    },
  },
  {
    category: 'archives',
    question: {
      fr: 'Comment exporter mes données fiscales archivées ?',
      en: 'How do I export my archived fiscal data?',
      es: '¿Cómo exporto mis datos fiscales archivados?',
      ca: 'Com exporto les meves dades fiscals arxivades?',
    },
    answer: {
      fr: "Dans le menu du compte, choisissez « Export des données archivées » (ou passez par Administration fiscale). Choisissez l'établissement, une période d'un an au plus, « Export des encaissements » ou « Export des clôtures », et l'e-mail de réception. Vous recevez un e-mail avec trois liens valables 7 jours : le fichier d'export (.csv), sa clé de vérification (.txt) et le guide de vérification « LISEZ-MOI-verification.txt ». Gardez les deux premiers ensemble : la clé ne vaut que pour ce fichier.",
      en: 'In the account menu, choose "Archived data export" (or go through Tax administration). Choose the establishment, a period of one year at most, "Export payments" or "Export closures", and the e-mail address to receive it. You receive an e-mail with three links valid for 7 days: the export file (.csv), its verification key (.txt) and the verification guide "LISEZ-MOI-verification.txt". Keep the first two together: the key is only valid for that file.',
      es: 'En el menú de la cuenta, elija «Exportación de datos archivados» (o pase por Administración fiscal). Elija el establecimiento, un periodo de un año como máximo, «Exportar los cobros» o «Exportar los cierres», y el correo de recepción. Recibirá un correo con tres enlaces válidos 7 días: el archivo de exportación (.csv), su clave de verificación (.txt) y la guía de verificación «LISEZ-MOI-verification.txt». Guarde juntos los dos primeros: la clave solo vale para ese archivo.',
      ca: "Al menú del compte, trieu «Exportació de les dades arxivades» (o passeu per Administració fiscal). Trieu l'establiment, un període d'un any com a màxim, «Exporta els cobraments» o «Exporta els tancaments», i el correu de recepció. Rebreu un correu amb tres enllaços vàlids 7 dies: el fitxer d'exportació (.csv), la seva clau de verificació (.txt) i la guia de verificació «LISEZ-MOI-verification.txt». Guardeu junts els dos primers: la clau només val per a aquest fitxer.",
    },
  },
  {
    category: 'archives',
    question: {
      fr: 'Que contient une archive fiscale et sa clé ?',
      en: 'What does a fiscal archive and its key contain?',
      es: '¿Qué contiene un archivo fiscal y su clave?',
      ca: 'Què conté un arxiu fiscal i la seva clau?',
    },
    answer: {
      fr: "Le fichier .csv contient les enregistrements signés par vos caisses sur la période, tels qu'ils ont été signés : caisse, type, numéro de séquence, date, signature précédente, signature et données. La clé .txt contient l'empreinte SHA-256 du fichier, l'établissement, la période, l'empreinte de l'archive précédente du même établissement, la clé publique du serveur et celle de chaque caisse concernée ; le tout est signé par le serveur. Les archives d'un établissement forment ainsi une chaîne.",
      en: "The .csv file holds the records your registers signed over the period, exactly as they were signed: register, kind, sequence number, date, previous signature, signature and data. The .txt key holds the file's SHA-256 fingerprint, the establishment, the period, the fingerprint of the same establishment's previous archive, the server's public key and each register's; all of it is signed by the server. An establishment's archives thus form a chain.",
      es: 'El archivo .csv contiene los registros firmados por sus cajas en el periodo, tal como se firmaron: caja, tipo, número de secuencia, fecha, firma anterior, firma y datos. La clave .txt contiene la huella SHA-256 del archivo, el establecimiento, el periodo, la huella del archivo anterior del mismo establecimiento, la clave pública del servidor y la de cada caja afectada; todo ello firmado por el servidor. Así, los archivos de un establecimiento forman una cadena.',
      ca: "El fitxer .csv conté els registres signats per les vostres caixes en el període, tal com es van signar: caixa, tipus, número de seqüència, data, signatura anterior, signatura i dades. La clau .txt conté l'empremta SHA-256 del fitxer, l'establiment, el període, l'empremta de l'arxiu anterior del mateix establiment, la clau pública del servidor i la de cada caixa afectada; tot plegat signat pel servidor. Així, els arxius d'un establiment formen una cadena.",
    },
  },
  {
    category: 'archives',
    question: {
      fr: "Comment vérifier qu'une archive fiscale n'a pas été modifiée ?",
      en: 'How do I check that a fiscal archive has not been altered?',
      es: '¿Cómo compruebo que un archivo fiscal no ha sido modificado?',
      ca: 'Com comprovo que un arxiu fiscal no ha estat modificat?',
    },
    answer: {
      fr: "Dans le menu du compte, choisissez « Vérifier un fichier d'export fiscal », puis déposez le fichier d'export (.csv, 50 Mo au plus) et sa clé de vérification (.txt). Comptoir indique si le fichier est intact (« Hash correct »), si la clé est authentique (signée par le serveur), si elle correspond à une archive de votre compte et si l'historique des exports est continu. Chaque vérification est enregistrée dans le journal des événements techniques.",
      en: 'In the account menu, choose "Check a fiscal export file", then drop the export file (.csv, 50 MB at most) and its verification key (.txt). Comptoir says whether the file is intact ("Hash good"), whether the key is authentic (signed by the server), whether it matches an archive of your account and whether the export history is unbroken. Each check is recorded in the technical event log.',
      es: 'En el menú de la cuenta, elija «Verificar un archivo de exportación fiscal» y deposite el archivo de exportación (.csv, 50 MB como máximo) y su clave de verificación (.txt). Comptoir indica si el archivo está intacto («Hash correcto»), si la clave es auténtica (firmada por el servidor), si corresponde a un archivo de su cuenta y si el historial de exportaciones es continuo. Cada verificación queda registrada en el diario de eventos técnicos.',
      ca: "Al menú del compte, trieu «Verifica un fitxer d'exportació fiscal» i deixeu-hi el fitxer d'exportació (.csv, 50 MB com a màxim) i la seva clau de verificació (.txt). Comptoir indica si el fitxer està intacte («Hash correcte»), si la clau és autèntica (signada pel servidor), si correspon a un arxiu del vostre compte i si l'historial d'exportacions és continu. Cada verificació queda registrada al diari d'esdeveniments tècnics.",
    },
  },
  {
    category: 'archives',
    question: {
      fr: 'Un inspecteur peut-il vérifier une archive sans passer par Comptoir ?',
      en: 'Can an inspector check an archive without going through Comptoir?',
      es: '¿Puede un inspector verificar un archivo sin pasar por Comptoir?',
      ca: 'Pot un inspector verificar un arxiu sense passar per Comptoir?',
    },
    answer: {
      fr: "Oui. Le guide « LISEZ-MOI-verification.txt », envoyé avec chaque archive, décrit le format des fichiers et donne les commandes à taper (sha256sum, openssl ou un court programme Python) pour recalculer l'empreinte et vérifier les signatures du serveur et des caisses. La clé publique du serveur et son empreinte sont aussi publiées par Comptoir, avec l'historique de ses clés.",
      en: "Yes. The guide \"LISEZ-MOI-verification.txt\", sent with each archive, describes the files' format and gives the commands to type (sha256sum, openssl or a short Python program) to compute the fingerprint again and verify the server's and the registers' signatures. Comptoir also publishes the server's public key and its fingerprint, with the history of its keys.",
      es: 'Sí. La guía «LISEZ-MOI-verification.txt», enviada con cada archivo, describe el formato de los ficheros y da los comandos que hay que teclear (sha256sum, openssl o un breve programa en Python) para recalcular la huella y verificar las firmas del servidor y de las cajas. Comptoir también publica la clave pública del servidor y su huella, con el historial de sus claves.',
      ca: "Sí. La guia «LISEZ-MOI-verification.txt», enviada amb cada arxiu, descriu el format dels fitxers i dona les ordres que cal teclejar (sha256sum, openssl o un programa breu en Python) per recalcular l'empremta i verificar les signatures del servidor i de les caixes. Comptoir també publica la clau pública del servidor i la seva empremta, amb l'historial de les seves claus.",
    },
  },
  {
    category: 'archives',
    question: {
      fr: 'Comment donner un accès à un inspecteur des impôts ?',
      en: 'How do I give a tax inspector access?',
      es: '¿Cómo doy acceso a un inspector de Hacienda?',
      ca: "Com dono accés a un inspector d'Hisenda?",
    },
    answer: {
      fr: "Ouvrez Administration fiscale, section « Demander un accès pour l'administration fiscale ». Saisissez la partie de l'e-mail de l'inspecteur avant « @ » (le domaine dgfip.finances.gouv.fr est ajouté d'office), votre e-mail ou celui d'un autre utilisateur de votre compte, et la durée : 1 semaine, 2 semaines, 1 mois ou 2 mois. L'équipe Comptoir valide la demande, puis envoie à l'inspecteur un jeton de connexion ; vous recevez un e-mail à chaque étape. Seul le titulaire du compte, dans sa propre session, peut faire cette demande.",
      en: 'Open Tax administration, section "Request access for the tax administration". Type the part of the inspector\'s e-mail before "@" (the domain dgfip.finances.gouv.fr is added for you), your e-mail or another user\'s of your account, and the duration: 1 week, 2 weeks, 1 month or 2 months. The Comptoir team validates the request, then sends the inspector a sign-in token; you receive an e-mail at each step. Only the account holder, in their own session, can make this request.',
      es: 'Abra Administración fiscal, sección «Solicitar un acceso para la administración tributaria». Escriba la parte del correo del inspector anterior a «@» (el dominio dgfip.finances.gouv.fr se añade automáticamente), su correo o el de otro usuario de su cuenta, y la duración: 1 semana, 2 semanas, 1 mes o 2 meses. El equipo de Comptoir valida la solicitud y envía al inspector un token de conexión; usted recibe un correo en cada paso. Solo el titular de la cuenta, en su propia sesión, puede hacer esta solicitud.',
      ca: "Obriu Administració fiscal, secció «Sol·licitar un accés per a l'administració tributària». Escriviu la part del correu de l'inspector anterior a «@» (el domini dgfip.finances.gouv.fr s'afegeix automàticament), el vostre correu o el d'un altre usuari del vostre compte, i la durada: 1 setmana, 2 setmanes, 1 mes o 2 mesos. L'equip de Comptoir valida la sol·licitud i envia a l'inspector un testimoni de connexió; rebeu un correu a cada pas. Només el titular del compte, en la seva pròpia sessió, pot fer aquesta sol·licitud.",
    },
  },
  {
    category: 'archives',
    question: {
      fr: "Que peut voir et faire l'inspecteur des impôts ?",
      en: 'What can the tax inspector see and do?',
      es: '¿Qué puede ver y hacer el inspector de Hacienda?',
      ca: "Què pot veure i fer l'inspector d'Hisenda?",
    },
    answer: {
      fr: "L'inspecteur consulte en lecture seule vos clôtures, services, commandes, paiements, impressions et leur historique, les interventions techniques et le journal des événements techniques. Il peut lancer la vérification des signatures et exporter les archives fiscales de n'importe quelle période : elles sont envoyées uniquement à l'adresse pour laquelle l'accès a été validé. Il ne voit ni vos comptes clients, ni vos exports comptables, ni vos réglages. Ses connexions, ses exports et ses vérifications sont enregistrés dans le journal des événements techniques.",
      en: 'The inspector sees, read-only, your closures, shifts, orders, payments, prints and their history, the technical interventions and the technical event log. They can start the signature check and export the fiscal archives of any period: these are sent only to the address the access was validated for. They see neither your customer accounts, nor your accounting exports, nor your settings. Their sign-ins, exports and checks are recorded in the technical event log.',
      es: 'El inspector consulta en modo de solo lectura sus cierres, servicios, pedidos, pagos, impresiones y su historial, las intervenciones técnicas y el diario de eventos técnicos. Puede lanzar la verificación de las firmas y exportar los archivos fiscales de cualquier periodo: se envían únicamente a la dirección para la que se validó el acceso. No ve sus cuentas de clientes, ni sus exportaciones contables, ni sus ajustes. Sus conexiones, exportaciones y verificaciones quedan registradas en el diario de eventos técnicos.',
      ca: "L'inspector consulta en mode de només lectura els vostres tancaments, serveis, comandes, pagaments, impressions i el seu historial, les intervencions tècniques i el diari d'esdeveniments tècnics. Pot engegar la verificació de les signatures i exportar els arxius fiscals de qualsevol període: s'envien únicament a l'adreça per a la qual es va validar l'accés. No veu els vostres comptes de clients, ni les exportacions comptables, ni els ajustos. Les seves connexions, exportacions i verificacions queden registrades al diari d'esdeveniments tècnics.",
    },
  },
  {
    category: 'archives',
    question: {
      fr: "Comment l'inspecteur se connecte-t-il, et jusqu'à quand ?",
      en: 'How does the inspector sign in, and until when?',
      es: '¿Cómo se conecta el inspector y hasta cuándo?',
      ca: "Com es connecta l'inspector i fins quan?",
    },
    answer: {
      fr: "L'inspecteur reçoit un e-mail avec un lien et un jeton. Sur la page de connexion, il saisit son adresse e-mail de l'administration fiscale et le jeton. L'accès s'arrête à la fin de la durée choisie dans la demande : sa session ne peut pas la dépasser, même en restant connecté. Pour un nouvel accès, faites une nouvelle demande.",
      en: 'The inspector receives an e-mail with a link and a token. On the sign-in page, they type their tax authority e-mail address and the token. The access ends at the end of the duration chosen in the request: their session cannot outlast it, even if they stay signed in. For a new access, make a new request.',
      es: 'El inspector recibe un correo con un enlace y un token. En la página de conexión, escribe su correo de la administración fiscal y el token. El acceso termina al final de la duración elegida en la solicitud: su sesión no puede superarla, aunque siga conectado. Para un nuevo acceso, haga una nueva solicitud.',
      ca: "L'inspector rep un correu amb un enllaç i un testimoni. A la pàgina de connexió, escriu el seu correu de l'administració fiscal i el testimoni. L'accés s'acaba al final de la durada triada a la sol·licitud: la seva sessió no la pot superar, encara que continuï connectat. Per a un nou accés, feu una nova sol·licitud.",
    },
  },
  {
    category: 'signatures',
    question: {
      fr: 'Pourquoi mes ventes sont-elles signées ?',
      en: 'Why are my sales signed?',
      es: '¿Por qué se firman mis ventas?',
      ca: 'Per què se signen les meves vendes?',
    },
    answer: {
      fr: "La loi anti-fraude à la TVA impose aux logiciels de caisse de garantir l'inaltérabilité, la sécurisation, la conservation et l'archivage des données. Chaque caisse signe chacun de ses enregistrements (commande, paiement, impression, clôture…) avec sa propre clé et le relie au précédent par sa signature. Comptoir vérifie la signature à la réception, conserve les enregistrements tels quels et signe à son tour les clôtures du serveur : toute modification ou suppression après coup devient détectable.",
      en: 'The French VAT anti-fraud law requires till software to guarantee that data cannot be altered and is secured, kept and archived. Each register signs every record (order, payment, print, closure…) with its own key and links it to the previous one through its signature. Comptoir verifies the signature on receipt, keeps the records as they are and in turn signs the server closures: any later change or deletion becomes detectable.',
      es: 'La ley antifraude del IVA francesa obliga a los programas de caja a garantizar la inalterabilidad, la seguridad, la conservación y el archivo de los datos. Cada caja firma cada uno de sus registros (pedido, pago, impresión, cierre…) con su propia clave y lo enlaza con el anterior mediante su firma. Comptoir verifica la firma al recibirlo, conserva los registros tal cual y firma a su vez los cierres del servidor: cualquier modificación o supresión posterior se vuelve detectable.',
      ca: "La llei antifrau de l'IVA francesa obliga els programes de caixa a garantir la inalterabilitat, la seguretat, la conservació i l'arxivament de les dades. Cada caixa signa cadascun dels seus registres (comanda, pagament, impressió, tancament…) amb la seva pròpia clau i l'enllaça amb l'anterior mitjançant la seva signatura. Comptoir verifica la signatura en rebre'l, conserva els registres tal com són i signa al seu torn els tancaments del servidor: qualsevol modificació o supressió posterior esdevé detectable.",
    },
  },
  {
    category: 'signatures',
    question: {
      fr: "Qu'est-ce que le journal des événements techniques (JET) ?",
      en: 'What is the technical event log (JET)?',
      es: '¿Qué es el diario de eventos técnicos (JET)?',
      ca: "Què és el diari d'esdeveniments tècnics (JET)?",
    },
    answer: {
      fr: "Le JET enregistre les événements importants de votre compte : démarrage et arrêt du serveur, connexions au portail, changements de droits, clôtures du serveur, exports de données, archives fiscales et leurs vérifications, vérifications des signatures, accès de l'inspecteur, enregistrement des caisses. Chaque événement est numéroté, signé par le serveur et chaîné au précédent. Vous le consultez dans Administration fiscale, « Interventions et journal technique » ; la colonne « Signature » indique si chaque ligne se vérifie.",
      en: 'The JET records the important events of your account: server start and stop, sign-ins to the portal, rights changes, server closures, data exports, fiscal archives and their checks, signature checks, the inspector\'s access, register enrolments. Each event is numbered, signed by the server and chained to the previous one. You see it in Tax administration, "Interventions and technical journal"; the "Signature" column says whether each line verifies.',
      es: 'El JET registra los eventos importantes de su cuenta: arranque y parada del servidor, conexiones al portal, cambios de derechos, cierres del servidor, exportaciones de datos, archivos fiscales y sus verificaciones, verificaciones de firmas, accesos del inspector, alta de las cajas. Cada evento está numerado, firmado por el servidor y encadenado al anterior. Lo consulta en Administración fiscal, «Intervenciones y diario técnico»; la columna «Firma» indica si cada línea se verifica.',
      ca: "El JET registra els esdeveniments importants del vostre compte: arrencada i aturada del servidor, connexions al portal, canvis de drets, tancaments del servidor, exportacions de dades, arxius fiscals i les seves verificacions, verificacions de signatures, accessos de l'inspector, alta de les caixes. Cada esdeveniment està numerat, signat pel servidor i encadenat a l'anterior. El consulteu a Administració fiscal, «Intervencions i diari tècnic»; la columna «Signatura» indica si cada línia es verifica.",
    },
  },
  {
    category: 'signatures',
    question: {
      fr: 'Que fait la vérification des signatures ?',
      en: 'What does the signature check do?',
      es: '¿Qué hace la verificación de las firmas?',
      ca: 'Què fa la verificació de les signatures?',
    },
    answer: {
      fr: "Le bouton « Vérifier les signatures » contrôle, sur une période d'au plus 366 jours, toutes les chaînes de votre compte : signature de chaque enregistrement, liens et trous dans les numéros, données conservées, clôtures des caisses et du serveur recalculées, chaîne des archives et JET. Une barre indique l'avancement et le temps restant. Sans anomalie, « Aucune erreur détectée » s'affiche ; sinon chaque anomalie est listée avec son explication et enregistrée dans le JET.",
      en: 'The "Check signatures" button checks, over a period of 366 days at most, every chain of your account: each record\'s signature, links and gaps in the numbers, stored data, register and server closures computed again, the archives\' chain and the JET. A bar shows the progress and the time left. Without any anomaly, "No error found" is shown; otherwise each anomaly is listed with its explanation and recorded in the JET.',
      es: 'El botón «Verificar las firmas» controla, en un periodo de 366 días como máximo, todas las cadenas de su cuenta: firma de cada registro, enlaces y huecos en la numeración, datos conservados, cierres de las cajas y del servidor recalculados, cadena de los archivos y JET. Una barra indica el avance y el tiempo restante. Sin anomalías, se muestra «No se ha detectado ningún error»; si no, cada anomalía aparece con su explicación y se registra en el JET.',
      ca: "El botó «Verificar les signatures» controla, en un període de 366 dies com a màxim, totes les cadenes del vostre compte: signatura de cada registre, enllaços i forats en la numeració, dades conservades, tancaments de les caixes i del servidor recalculats, cadena dels arxius i JET. Una barra indica l'avanç i el temps restant. Sense anomalies, es mostra «No s'ha detectat cap error»; si no, cada anomalia apareix amb la seva explicació i es registra al JET.",
    },
  },
  {
    category: 'signatures',
    question: {
      fr: 'Que faire si une erreur de signature est signalée ?',
      en: 'What should I do if a signature error is reported?',
      es: '¿Qué hago si se señala un error de firma?',
      ca: "Què he de fer si s'assenyala un error de signatura?",
    },
    answer: {
      fr: "La page des erreurs de l'administration fiscale liste les services, clôtures et autres enregistrements dont la signature ou le chaînage ne se vérifie pas, avec le détail de chaque incident ; vous pouvez en télécharger la liste en PDF. Ne modifiez rien à la caisse : contactez le support Comptoir avec cette liste. Les incidents restent enregistrés dans le JET.",
      en: "The tax administration's errors page lists the shifts, closures and other records whose signature or chaining does not verify, with each incident's detail; you can download the list as a PDF. Do not change anything at the register: contact Comptoir support with that list. The incidents stay recorded in the JET.",
      es: 'La página de errores de la administración fiscal enumera los servicios, cierres y otros registros cuya firma o encadenamiento no se verifica, con el detalle de cada incidencia; puede descargar la lista en PDF. No modifique nada en la caja: contacte con el soporte de Comptoir con esa lista. Las incidencias quedan registradas en el JET.',
      ca: "La pàgina d'errors de l'administració fiscal enumera els serveis, tancaments i altres registres la signatura o l'encadenament dels quals no es verifica, amb el detall de cada incidència; podeu descarregar-ne la llista en PDF. No modifiqueu res a la caixa: contacteu amb el suport de Comptoir amb aquesta llista. Les incidències queden registrades al JET.",
    },
  },
  {
    category: 'signatures',
    question: {
      fr: 'Où trouver les clés publiques de mes caisses ?',
      en: "Where do I find my registers' public keys?",
      es: '¿Dónde encuentro las claves públicas de mis cajas?',
      ca: 'On trobo les claus públiques de les meves caixes?',
    },
    answer: {
      fr: "Dans Administration fiscale, « Interventions et journal technique », le panneau « Clés publiques des caisses » donne pour chaque caisse son nom, son établissement, son numéro de série, sa date d'enregistrement, son état, sa clé publique et son empreinte. Ces clés figurent aussi dans la clé de vérification de chaque archive fiscale.",
      en: 'In Tax administration, "Interventions and technical journal", the "Registers\' public keys" panel gives for each register its name, establishment, serial number, enrolment date, state, public key and fingerprint. These keys are also in the verification key of each fiscal archive.',
      es: 'En Administración fiscal, «Intervenciones y diario técnico», el panel «Claves públicas de las cajas» da para cada caja su nombre, su establecimiento, su número de serie, su fecha de alta, su estado, su clave pública y su huella. Estas claves también figuran en la clave de verificación de cada archivo fiscal.',
      ca: "A Administració fiscal, «Intervencions i diari tècnic», el quadre «Claus públiques de les caixes» dona per a cada caixa el seu nom, l'establiment, el número de sèrie, la data d'alta, l'estat, la clau pública i l'empremta. Aquestes claus també figuren a la clau de verificació de cada arxiu fiscal.",
    },
  },
  {
    category: 'accounting',
    question: {
      fr: 'Comment obtenir le FEC pour mon expert-comptable ?',
      en: 'How do I get the FEC for my accountant?',
      es: '¿Cómo obtengo el FEC para mi gestor contable?',
      ca: 'Com obtinc el FEC per al meu gestor comptable?',
    },
    answer: {
      fr: "Ouvrez Comptabilité, « Export comptable ». Choisissez l'établissement, la période et le format du fichier (FEC ou CSV), vérifiez l'aperçu, puis exportez. Vous recevez par e-mail des liens valables 7 jours vers le fichier {SIREN}FEC{AAAAMMJJ}.txt, conforme à l'arrêté du 29 juillet 2013, et vers son fichier de description. Les exports passés restent téléchargeables depuis l'historique des exports de la page.",
      en: 'Open Accounting, "Accounting export". Choose the establishment, the period and the file format (FEC or CSV), check the preview, then export. You receive by e-mail links valid for 7 days to the file {SIREN}FEC{AAAAMMJJ}.txt, which follows the French order of 29 July 2013, and to its description file. Past exports stay downloadable from the page\'s export history.',
      es: 'Abra Contabilidad, «Exportación contable». Elija el establecimiento, el periodo y el formato del archivo (FEC o CSV), compruebe la vista previa y exporte. Recibirá por correo enlaces válidos 7 días al archivo {SIREN}FEC{AAAAMMJJ}.txt, conforme a la orden francesa del 29 de julio de 2013, y a su archivo de descripción. Las exportaciones anteriores siguen pudiéndose descargar desde el historial de exportaciones de la página.',
      ca: "Obriu Comptabilitat, «Exportació comptable». Trieu l'establiment, el període i el format del fitxer (FEC o CSV), comproveu la previsualització i exporteu. Rebreu per correu enllaços vàlids 7 dies al fitxer {SIREN}FEC{AAAAMMJJ}.txt, conforme a l'ordre francesa del 29 de juliol de 2013, i al seu fitxer de descripció. Les exportacions anteriors es continuen podent descarregar des de l'historial d'exportacions de la pàgina.",
    },
  },
  {
    category: 'accounting',
    question: {
      fr: 'Comment configurer mes comptes comptables ?',
      en: 'How do I set up my accounting accounts?',
      es: '¿Cómo configuro mis cuentas contables?',
      ca: 'Com configuro els meus comptes comptables?',
    },
    answer: {
      fr: "La configuration se fait par établissement, depuis l'export comptable. Si des comptes manquent, Comptoir vous propose les comptes du plan comptable général : 707 pour les ventes et 44571 pour la TVA par taux, un compte par moyen de paiement, 512000 pour les virements, des comptes de remises et d'offerts. Rien n'est créé sans votre accord. Vous pouvez ensuite relier chaque produit, catégorie, moyen de paiement ou taux de TVA à un autre compte. Tant qu'un élément n'a pas de compte, l'export vous dit lequel.",
      en: 'Set-up is per establishment, from the accounting export. If accounts are missing, Comptoir proposes those of the French general chart of accounts: 707 for sales and 44571 for VAT per rate, one account per payment type, 512000 for bank transfers, discount and offered-items accounts. Nothing is created without your consent. You can then link each product, category, payment type or VAT rate to another account. While an item has no account, the export tells you which one.',
      es: 'La configuración se hace por establecimiento, desde la exportación contable. Si faltan cuentas, Comptoir le propone las del plan contable general francés: 707 para las ventas y 44571 para el IVA por tipo, una cuenta por medio de pago, 512000 para las transferencias, cuentas de descuentos y de invitaciones. No se crea nada sin su acuerdo. Después puede vincular cada producto, categoría, medio de pago o tipo de IVA a otra cuenta. Mientras un elemento no tenga cuenta, la exportación le indica cuál.',
      ca: "La configuració es fa per establiment, des de l'exportació comptable. Si falten comptes, Comptoir us proposa els del pla comptable general francès: 707 per a les vendes i 44571 per a l'IVA per tipus, un compte per mitjà de pagament, 512000 per a les transferències, comptes de descomptes i d'invitacions. No es crea res sense el vostre acord. Després podeu vincular cada producte, categoria, mitjà de pagament o tipus d'IVA a un altre compte. Mentre un element no tingui compte, l'exportació us indica quin.",
    },
  },
  {
    category: 'accounting',
    question: {
      fr: "Que se passe-t-il si j'exporte deux fois la même période ?",
      en: 'What happens if I export the same period twice?',
      es: '¿Qué pasa si exporto dos veces el mismo periodo?',
      ca: 'Què passa si exporto dues vegades el mateix període?',
    },
    answer: {
      fr: "Comptoir vous prévient (« Période déjà exportée ») et liste les exports précédents. Si vous confirmez, seules les corrections sont écrites : une journée inchangée n'écrit rien, une journée modifiée (une vente tardive, un produit relié à un autre compte) reçoit une écriture « Correction — … » équilibrée, numérotée à la suite. Ainsi votre expert-comptable n'importe jamais deux fois la même vente.",
      en: 'Comptoir warns you ("Period already exported") and lists the earlier exports. If you confirm, only corrections are written: an unchanged day writes nothing, a changed day (a late sale, a product linked to another account) gets a balanced "Correction — …" entry, numbered next. So your accountant never imports the same sale twice.',
      es: 'Comptoir le avisa («Periodo ya exportado») y enumera las exportaciones anteriores. Si confirma, solo se escriben las correcciones: una jornada sin cambios no escribe nada, una jornada modificada (una venta tardía, un producto vinculado a otra cuenta) recibe un asiento «Correction — …» equilibrado, numerado a continuación. Así su gestor nunca importa dos veces la misma venta.',
      ca: "Comptoir us avisa («Període ja exportat») i enumera les exportacions anteriors. Si confirmeu, només s'escriuen les correccions: una jornada sense canvis no escriu res, una jornada modificada (una venda tardana, un producte vinculat a un altre compte) rep un assentament «Correction — …» equilibrat, numerat a continuació. Així el vostre gestor no importa mai dues vegades la mateixa venda.",
    },
  },
  {
    category: 'accounting',
    question: {
      fr: 'Quelle différence entre le mode « Général » et le mode « Détaillé » ?',
      en: 'What is the difference between the "General" and "Detailed" modes?',
      es: '¿Qué diferencia hay entre el modo «General» y el modo «Detallado»?',
      ca: 'Quina diferència hi ha entre el mode «General» i el mode «Detallat»?',
    },
    answer: {
      fr: "En mode 1 « Général », les ventes hors taxes sont regroupées par compte et par taux de TVA. En mode 2 « Détaillé », elles sont en plus ventilées par section analytique. Dans les deux modes, chaque journée d'un établissement forme une écriture (référencée par le numéro du Z) avec les paiements au débit, les ventes et la TVA collectée au crédit, plus une écriture pour les règlements des comptes clients.",
      en: 'In mode 1 "General", sales excluding VAT are grouped per account and VAT rate. In mode 2 "Detailed", they are also split per analytics section. In both modes, each day of an establishment is one entry (referenced by the Z number) with the payments as debits, sales and collected VAT as credits, plus one entry for the customer-account settlements.',
      es: 'En el modo 1 «General», las ventas sin IVA se agrupan por cuenta y por tipo de IVA. En el modo 2 «Detallado», además se desglosan por sección analítica. En ambos modos, cada jornada de un establecimiento forma un asiento (con la referencia del número de Z) con los pagos en el debe, las ventas y el IVA repercutido en el haber, más un asiento para los cobros de las cuentas de clientes.',
      ca: "En el mode 1 «General», les vendes sense IVA s'agrupen per compte i per tipus d'IVA. En el mode 2 «Detallat», a més es desglossen per secció analítica. En tots dos modes, cada jornada d'un establiment forma un assentament (amb la referència del número de Z) amb els pagaments al deure, les vendes i l'IVA repercutit a l'haver, més un assentament per als cobraments dels comptes de clients.",
    },
  },
  {
    category: 'accounting',
    question: {
      fr: 'Comment exporter le détail de mes lignes de vente ?',
      en: 'How do I export the detail of my sales lines?',
      es: '¿Cómo exporto el detalle de mis líneas de venta?',
      ca: 'Com exporto el detall de les meves línies de venda?',
    },
    answer: {
      fr: "Ouvrez Comptabilité, « Export des données ». Choisissez les établissements, la période et les types d'activité (sur place, à emporter, livraison) : l'aperçu montre les 100 premières lignes et le nombre total. Choisissez le format (XLSX ou CSV) et exportez : le fichier vous est envoyé par un lien valable 7 jours, et une notification vous prévient. Les lignes supprimées sont exclues, les annulations apparaissent en négatif, et l'heure de vente est celle du paiement.",
      en: 'Open Accounting, "Data export". Choose the establishments, the period and the activity types (eat in, take away, delivery): the preview shows the first 100 lines and the total count. Choose the format (XLSX or CSV) and export: the file is sent to you through a link valid for 7 days, and a notification tells you. Removed lines are left out, cancellations show as negative amounts, and the sale time is the payment time.',
      es: 'Abra Contabilidad, «Exportación de datos». Elija los establecimientos, el periodo y los tipos de actividad (en local, para llevar, a domicilio): la vista previa muestra las 100 primeras líneas y el número total. Elija el formato (XLSX o CSV) y exporte: el archivo se le envía mediante un enlace válido 7 días y una notificación le avisa. Las líneas suprimidas se excluyen, las anulaciones aparecen en negativo y la hora de venta es la del pago.',
      ca: "Obriu Comptabilitat, «Exportació de dades». Trieu els establiments, el període i els tipus d'activitat (al local, per emportar, a domicili): la previsualització mostra les 100 primeres línies i el nombre total. Trieu el format (XLSX o CSV) i exporteu: el fitxer se us envia mitjançant un enllaç vàlid 7 dies i una notificació us n'avisa. Les línies suprimides s'exclouen, les anul·lacions apareixen en negatiu i l'hora de venda és la del pagament.",
    },
  },
  {
    category: 'accounting',
    question: {
      fr: 'Comment exporter les lignes produits de paiement ?',
      en: 'How do I export the payment product lines?',
      es: '¿Cómo exporto las líneas de productos de pago?',
      ca: 'Com exporto les línies de productes de pagament?',
    },
    answer: {
      fr: "Si cette option est activée sur votre compte, le menu du compte propose « Exporter les lignes produits de paiement ». Choisissez la période et l'e-mail : un fichier XLSX est préparé en arrière-plan, une journée après l'autre, puis vous est envoyé par e-mail. Pour activer l'option, contactez le support Comptoir.",
      en: 'If this option is enabled on your account, the account menu offers "Export payment product lines". Choose the period and the e-mail address: an XLSX file is prepared in the background, one day after the other, then sent to you by e-mail. To enable the option, contact Comptoir support.',
      es: 'Si esta opción está activada en su cuenta, el menú de la cuenta propone «Exportar las líneas de productos de pago». Elija el periodo y el correo: se prepara un archivo XLSX en segundo plano, día a día, y se le envía por correo. Para activar la opción, contacte con el soporte de Comptoir.',
      ca: "Si aquesta opció està activada al vostre compte, el menú del compte proposa «Exporta les línies de productes de pagament». Trieu el període i el correu: es prepara un fitxer XLSX en segon pla, dia a dia, i se us envia per correu. Per activar l'opció, contacteu amb el suport de Comptoir.",
    },
  },
  {
    category: 'customers',
    question: {
      fr: 'Comment voir le solde de mes comptes clients ?',
      en: "How do I see my customer accounts' balances?",
      es: '¿Cómo veo el saldo de mis cuentas de clientes?',
      ca: 'Com veig el saldo dels meus comptes de clients?',
    },
    answer: {
      fr: "Ouvrez Comptes clients : la liste montre chaque compte avec son solde, et vous pouvez chercher par nom, filtrer par solde et ajouter des colonnes de statistiques (visites, panier moyen, chiffre d'affaires…). Cliquez sur un compte pour voir ses notes impayées et payées, ses crédits et l'ancienneté de ce qu'il doit (0-30, 31-60, 61-90 et plus de 90 jours), par établissement et par mois.",
      en: 'Open Customer accounts: the list shows each account with its balance, and you can search by name, filter by balance and add statistics columns (visits, average basket, turnover…). Click an account to see its unpaid and paid notes, its credits and the age of what it owes (0-30, 31-60, 61-90 and over 90 days), per establishment and per month.',
      es: 'Abra Cuentas de clientes: la lista muestra cada cuenta con su saldo, y puede buscar por nombre, filtrar por saldo y añadir columnas de estadísticas (visitas, ticket medio, facturación…). Haga clic en una cuenta para ver sus notas pendientes y pagadas, sus créditos y la antigüedad de lo que debe (0-30, 31-60, 61-90 y más de 90 días), por establecimiento y por mes.',
      ca: "Obriu Comptes de clients: la llista mostra cada compte amb el seu saldo, i podeu cercar per nom, filtrar per saldo i afegir columnes d'estadístiques (visites, tiquet mitjà, facturació…). Feu clic en un compte per veure les seves notes pendents i pagades, els crèdits i l'antiguitat del que deu (0-30, 31-60, 61-90 i més de 90 dies), per establiment i per mes.",
    },
  },
  {
    category: 'customers',
    question: {
      fr: "Comment est calculé le solde d'un compte client ?",
      en: "How is a customer account's balance computed?",
      es: '¿Cómo se calcula el saldo de una cuenta de cliente?',
      ca: "Com es calcula el saldo d'un compte de client?",
    },
    answer: {
      fr: "Le solde est le résultat des opérations signées à la caisse : une commande mise sur le compte (une note) le fait baisser, un règlement ou un crédit versé d'avance le fait monter, un remboursement le fait baisser. Un solde négatif est une somme due par le client. Les règlements soldent les notes les plus anciennes en premier. Ces opérations ne peuvent pas être modifiées depuis le portail.",
      en: 'The balance is the result of the operations signed at the register: an order put on the account (a note) lowers it, a settlement or a credit paid in advance raises it, a refund lowers it. A negative balance is money the customer owes. Settlements pay the oldest notes first. These operations cannot be changed from the portal.',
      es: 'El saldo es el resultado de las operaciones firmadas en la caja: un pedido cargado en la cuenta (una nota) lo reduce, un pago o un crédito abonado por adelantado lo aumenta, un reembolso lo reduce. Un saldo negativo es una cantidad que debe el cliente. Los pagos saldan primero las notas más antiguas. Estas operaciones no se pueden modificar desde el portal.',
      ca: "El saldo és el resultat de les operacions signades a la caixa: una comanda carregada al compte (una nota) el redueix, un pagament o un crèdit abonat per avançat l'augmenta, un reemborsament el redueix. Un saldo negatiu és una quantitat que deu el client. Els pagaments salden primer les notes més antigues. Aquestes operacions no es poden modificar des del portal.",
    },
  },
  {
    category: 'customers',
    question: {
      fr: 'Comment supprimer un compte client ?',
      en: 'How do I delete a customer account?',
      es: '¿Cómo elimino una cuenta de cliente?',
      ca: 'Com elimino un compte de client?',
    },
    answer: {
      fr: "La suppression est réservée à l'édition Suite. Seul un compte au solde nul peut être supprimé : dans la liste, « Sélectionner les comptes au solde nul » coche ceux de la page, puis « Supprimer » ; ou ouvrez le compte et cliquez sur « Supprimer le compte ». Si l'un des comptes choisis n'est pas à zéro, rien n'est supprimé. Les opérations signées du compte sont conservées.",
      en: 'Deletion is for the Suite edition only. Only an account with a zero balance can be deleted: in the list, "Select the accounts with a zero balance" ticks those of the page, then "Delete"; or open the account and click "Delete the account". If one of the chosen accounts is not at zero, nothing is deleted. The account\'s signed operations are kept.',
      es: 'La eliminación está reservada a la edición Suite. Solo se puede eliminar una cuenta con saldo cero: en la lista, «Seleccionar las cuentas con saldo cero» marca las de la página y luego «Eliminar»; o abra la cuenta y haga clic en «Eliminar la cuenta». Si una de las cuentas elegidas no está a cero, no se elimina nada. Las operaciones firmadas de la cuenta se conservan.',
      ca: "L'eliminació està reservada a l'edició Suite. Només es pot eliminar un compte amb saldo zero: a la llista, «Selecciona els comptes amb saldo zero» marca els de la pàgina i després «Suprimeix»; o obriu el compte i feu clic a «Suprimir el compte». Si un dels comptes triats no és a zero, no s'elimina res. Les operacions signades del compte es conserven.",
    },
  },
  {
    category: 'customers',
    question: {
      fr: 'Comment être alerté quand un client dépasse un seuil ?',
      en: 'How do I get an alert when a customer goes past a threshold?',
      es: '¿Cómo recibo un aviso cuando un cliente supera un umbral?',
      ca: 'Com rebo un avís quan un client supera un llindar?',
    },
    answer: {
      fr: "Dans les réglages des comptes clients, renseignez le « Solde d'alerte (€) » (un montant positif est enregistré en négatif) et l'« E-mail d'alerte ». Quand une note fait passer un solde sous ce seuil, vous recevez une notification dans le portail et un e-mail. Vous pouvez aussi « Interdire un solde négatif après débit » : la caisse refuse alors de mettre sur le compte une commande qui le rendrait négatif.",
      en: 'In the customer-account settings, fill in the "Alert balance (€)" (a positive amount is saved as negative) and the "Alert e-mail". When a note takes a balance below that threshold, you receive a notification in the portal and an e-mail. You can also "Prevent a negative balance after charging": the register then refuses to put on the account an order that would make it negative.',
      es: 'En los ajustes de las cuentas de clientes, indique el «Saldo de alerta (€)» (un importe positivo se guarda en negativo) y el «Correo de alerta». Cuando una nota hace bajar un saldo por debajo de ese umbral, recibe una notificación en el portal y un correo. También puede «Impedir un saldo negativo tras el cargo»: la caja rechaza entonces cargar en la cuenta un pedido que la dejaría en negativo.',
      ca: "Als ajustos dels comptes de clients, indiqueu el «Saldo d'alerta (€)» (un import positiu es desa en negatiu) i el «Correu d'alerta». Quan una nota fa baixar un saldo per sota d'aquest llindar, rebeu una notificació al portal i un correu. També podeu «Impedeix un saldo negatiu després del càrrec»: la caixa refusa aleshores carregar al compte una comanda que el deixaria en negatiu.",
    },
  },
  {
    category: 'customers',
    question: {
      fr: 'Comment envoyer ses notes à un client ?',
      en: 'How do I send a customer their notes?',
      es: '¿Cómo envío sus notas a un cliente?',
      ca: 'Com envio les seves notes a un client?',
    },
    answer: {
      fr: "Ouvrez le compte, cochez les notes voulues : le ticket s'affiche en PDF, avec ou sans le détail des produits, au format A4 ou ticket de 80 mm. Vous pouvez le télécharger ou l'envoyer par e-mail au client ; la réponse du client arrive à votre adresse. Avec l'option d'envoi automatique à la clôture, chaque client qui a une adresse e-mail reçoit ses nouvelles notes à la clôture de caisse.",
      en: "Open the account and tick the notes you want: the ticket is shown as a PDF, with or without the products' detail, in A4 or as an 80 mm receipt. You can download it or e-mail it to the customer; the customer's reply comes to your address. With the auto-send option at closure, each customer with an e-mail address receives their new notes at the cash closure.",
      es: 'Abra la cuenta y marque las notas que quiera: el tique se muestra en PDF, con o sin el detalle de los productos, en formato A4 o tique de 80 mm. Puede descargarlo o enviarlo por correo al cliente; la respuesta del cliente llega a su dirección. Con la opción de envío automático al cierre, cada cliente con correo recibe sus nuevas notas al cierre de caja.',
      ca: "Obriu el compte i marqueu les notes que vulgueu: el tiquet es mostra en PDF, amb o sense el detall dels productes, en format A4 o tiquet de 80 mm. Podeu descarregar-lo o enviar-lo per correu al client; la resposta del client arriba a la vostra adreça. Amb l'opció d'enviament automàtic al tancament, cada client amb correu rep les seves noves notes al tancament de caixa.",
    },
  },
  {
    category: 'customers',
    question: {
      fr: "Comment exporter l'historique ou les impayés de mes clients ?",
      en: "How do I export my customers' history or unpaid sales?",
      es: '¿Cómo exporto el historial o los impagos de mis clientes?',
      ca: "Com exporto l'historial o els impagats dels meus clients?",
    },
    answer: {
      fr: "Dans Comptes clients, « Exporter les données clients » propose « Tous les comptes » (les mouvements de la période) ou « Ventes impayées » (les notes de la période encore dues). Choisissez une période d'un an au plus et un e-mail : le fichier Excel vous est envoyé par e-mail. Si rien ne correspond, « Aucune donnée à exporter sur cette période. » s'affiche. L'« Historique » des comptes clients s'exporte de la même façon.",
      en: 'In Customer accounts, "Export customer data" offers "All accounts" (the period\'s movements) or "Unpaid sales" (the period\'s notes still due). Choose a period of one year at most and an e-mail address: the Excel file is sent to you by e-mail. If nothing matches, "No data to export over this period." is shown. The customer accounts\' "History" is exported the same way.',
      es: 'En Cuentas de clientes, «Exportar los datos de clientes» propone «Todas las cuentas» (los movimientos del periodo) o «Ventas impagadas» (las notas del periodo aún pendientes). Elija un periodo de un año como máximo y un correo: el archivo Excel se le envía por correo. Si no hay nada, se muestra «Ningún dato que exportar en este periodo.». El «Historial» de las cuentas de clientes se exporta del mismo modo.',
      ca: "A Comptes de clients, «Exporta les dades dels clients» proposa «Tots els comptes» (els moviments del període) o «Vendes impagades» (les notes del període encara pendents). Trieu un període d'un any com a màxim i un correu: el fitxer Excel se us envia per correu. Si no hi ha res, es mostra «Cap dada per exportar en aquest període.». L'«Historial» dels comptes de clients s'exporta de la mateixa manera.",
    },
  },
  {
    category: 'customers',
    question: {
      fr: "Puis-je modifier les coordonnées d'un client ?",
      en: "Can I change a customer's details?",
      es: '¿Puedo modificar los datos de un cliente?',
      ca: "Puc modificar les dades d'un client?",
    },
    answer: {
      fr: "Oui, dans l'édition Suite : ouvrez le compte et modifiez le nom (obligatoire), l'e-mail, le téléphone et, pour une société, ses informations. Les caisses reçoivent la modification. Le solde et les opérations ne changent pas.",
      en: 'Yes, in the Suite edition: open the account and change the last name (required), e-mail, phone and, for a company, its details. The registers receive the change. The balance and the operations do not change.',
      es: 'Sí, en la edición Suite: abra la cuenta y modifique el apellido (obligatorio), el correo, el teléfono y, para una empresa, sus datos. Las cajas reciben el cambio. El saldo y las operaciones no cambian.',
      ca: "Sí, a l'edició Suite: obriu el compte i modifiqueu el cognom (obligatori), el correu, el telèfon i, per a una empresa, les seves dades. Les caixes reben el canvi. El saldo i les operacions no canvien.",
    },
  },
  {
    category: 'reports',
    question: {
      fr: 'Quels rapports de ventes sont disponibles ?',
      en: 'Which sales reports are available?',
      es: '¿Qué informes de ventas hay disponibles?',
      ca: 'Quins informes de vendes hi ha disponibles?',
    },
    answer: {
      fr: "Rapports de ventes regroupe l'« Analyse des ventes » (chiffre d'affaires par période, produit, catégorie et moyen de paiement), le « Détail des services » (ouverture, clôture, encaissements et écarts de caisse de chaque service), le « Détail par jour de semaine » et la « Bande de contrôle » (le journal des tickets et opérations de caisse, service par service). Chaque rapport se filtre par établissements, période et types d'activité, et chaque tableau s'extrait en CSV avec « Extraire le tableau ».",
      en: 'Sales reports gathers the "Sales analysis" (turnover per period, product, category and payment type), the "Shift details" (opening, closing, takings and cash differences of each shift), the "Weekday breakdown" and the "Control strip" (the log of tickets and register operations, shift by shift). Each report is filtered by establishments, period and activity types, and each table can be extracted as CSV with "Export the table".',
      es: 'Informes de ventas reúne el «Análisis de ventas» (facturación por periodo, producto, categoría y medio de pago), el «Detalle de los turnos» (apertura, cierre, cobros y descuadres de caja de cada servicio), el «Detalle por día de la semana» y la «Tira de control» (el diario de tiques y operaciones de caja, servicio por servicio). Cada informe se filtra por establecimientos, periodo y tipos de actividad, y cada tabla se extrae en CSV con «Extraer la tabla».',
      ca: "Informes de vendes reuneix l'«Anàlisi de vendes» (facturació per període, producte, categoria i mitjà de pagament), el «Detall dels torns» (obertura, tancament, cobraments i desquadraments de caixa de cada servei), el «Detall per dia de la setmana» i la «Tira de control» (el diari de tiquets i operacions de caixa, servei per servei). Cada informe es filtra per establiments, període i tipus d'activitat, i cada taula s'extreu en CSV amb «Extreu la taula».",
    },
  },
  {
    category: 'reports',
    question: {
      fr: "Que montre le tableau de bord d'accueil ?",
      en: 'What does the home dashboard show?',
      es: '¿Qué muestra el panel de inicio?',
      ca: "Què mostra el tauler d'inici?",
    },
    answer: {
      fr: "Pour chaque établissement, le chiffre d'affaires d'aujourd'hui, d'hier et de la semaine en cours (du lundi à aujourd'hui), comparé aux mêmes jours de la semaine précédente. Les menus de l'accueil mènent ensuite aux rapports, aux comptes clients, à l'administration fiscale, à la comptabilité, aux partenaires et à l'aide.",
      en: "For each establishment, today's, yesterday's and this week's turnover (Monday to today), compared with the same days of the previous week. The home page's menus then lead to the reports, customer accounts, tax administration, accounting, partners and help.",
      es: 'Para cada establecimiento, la facturación de hoy, de ayer y de la semana en curso (de lunes a hoy), comparada con los mismos días de la semana anterior. Los menús de inicio llevan después a los informes, las cuentas de clientes, la administración fiscal, la contabilidad, los socios y la ayuda.',
      ca: "Per a cada establiment, la facturació d'avui, d'ahir i de la setmana en curs (de dilluns a avui), comparada amb els mateixos dies de la setmana anterior. Els menús de l'inici porten després als informes, als comptes de clients, a l'administració fiscal, a la comptabilitat, als socis i a l'ajuda.",
    },
  },
  {
    category: 'reports',
    question: {
      fr: "Comment choisir l'affichage TTC ou HT et la période par défaut ?",
      en: 'How do I choose amounts with or without VAT and the default period?',
      es: '¿Cómo elijo importes con o sin IVA y el periodo por defecto?',
      ca: 'Com trio imports amb o sense IVA i el període per defecte?',
    },
    answer: {
      fr: "Dans Rapports de ventes, « Réglages des rapports » : heure de début de journée, montants TTC ou HT et période par défaut. Les filtres que vous choisissez (établissements, période, types d'activité) sont gardés pendant votre session quand vous passez d'un rapport à l'autre.",
      en: 'In Sales reports, "Report settings": start of day time, amounts with or without VAT and the default period. The filters you choose (establishments, period, activity types) are kept during your session when you move from one report to another.',
      es: 'En Informes de ventas, «Ajustes de los informes»: hora de inicio de la jornada, importes con o sin IVA y periodo por defecto. Los filtros que elija (establecimientos, periodo, tipos de actividad) se conservan durante la sesión al pasar de un informe a otro.',
      ca: "A Informes de vendes, «Configuració dels informes»: hora d'inici de la jornada, imports amb o sense IVA i període per defecte. Els filtres que trieu (establiments, període, tipus d'activitat) es conserven durant la sessió quan passeu d'un informe a un altre.",
    },
  },
  {
    category: 'reports',
    question: {
      fr: "Qu'est-ce que l'analyse Bardistrib ?",
      en: 'What is the Bardistrib analysis?',
      es: '¿Qué es el análisis Bardistrib?',
      ca: "Què és l'anàlisi Bardistrib?",
    },
    answer: {
      fr: "Si votre bar est équipé d'un distributeur de boissons relié à la caisse, l'analyse Bardistrib rapproche les versements du distributeur de vos ventes : pour chaque produit, la quantité versée, la quantité vendue et la différence. Le détail d'un produit sépare les versements encaissés de ceux qui ne l'ont pas été.",
      en: "If your bar has a drinks dispenser linked to the register, the Bardistrib analysis matches the dispenser's pours with your sales: for each product, the quantity poured, the quantity sold and the difference. A product's detail separates the pours that were cashed from those that were not.",
      es: 'Si su bar tiene un dispensador de bebidas conectado a la caja, el análisis Bardistrib compara lo servido por el dispensador con sus ventas: para cada producto, la cantidad servida, la cantidad vendida y la diferencia. El detalle de un producto separa lo servido y cobrado de lo que no se cobró.',
      ca: "Si el vostre bar té un dispensador de begudes connectat a la caixa, l'anàlisi Bardistrib compara el que ha servit el dispensador amb les vostres vendes: per a cada producte, la quantitat servida, la quantitat venuda i la diferència. El detall d'un producte separa el que s'ha servit i cobrat del que no s'ha cobrat.",
    },
  },
  {
    category: 'account',
    question: {
      fr: 'Comment modifier mon identifiant de connexion ?',
      en: 'How do I change my sign-in login?',
      es: '¿Cómo cambio mi identificador de acceso?',
      ca: "Com canvio el meu identificador d'accés?",
    },
    answer: {
      fr: "Dans le menu du compte, choisissez « Modifier mon identifiant ». Étape 1 : confirmez votre mot de passe actuel. Étape 2 : saisissez deux fois votre nouvelle adresse e-mail et un nouveau mot de passe (8 caractères au moins, avec une majuscule, une minuscule, un chiffre et un caractère spécial). Un e-mail de confirmation est envoyé à la nouvelle adresse : le changement ne s'applique qu'à l'ouverture du lien, valable 24 heures, et vos autres sessions sont alors fermées. Seul le titulaire du compte peut le faire.",
      en: 'In the account menu, choose "Change my login". Step 1: confirm your current password. Step 2: type your new e-mail address twice and a new password (at least 8 characters, with an uppercase letter, a lowercase letter, a digit and a special character). A confirmation e-mail is sent to the new address: the change applies only when you open the link, valid for 24 hours, and your other sessions are then closed. Only the account holder can do it.',
      es: 'En el menú de la cuenta, elija «Cambiar mi identificador». Paso 1: confirme su contraseña actual. Paso 2: escriba dos veces su nueva dirección de correo y una nueva contraseña (8 caracteres como mínimo, con una mayúscula, una minúscula, una cifra y un carácter especial). Se envía un correo de confirmación a la nueva dirección: el cambio solo se aplica al abrir el enlace, válido 24 horas, y sus otras sesiones se cierran entonces. Solo el titular de la cuenta puede hacerlo.',
      ca: "Al menú del compte, trieu «Canvia el meu identificador». Pas 1: confirmeu la vostra contrasenya actual. Pas 2: escriviu dues vegades la nova adreça de correu i una nova contrasenya (8 caràcters com a mínim, amb una majúscula, una minúscula, una xifra i un caràcter especial). S'envia un correu de confirmació a la nova adreça: el canvi només s'aplica en obrir l'enllaç, vàlid 24 hores, i les vostres altres sessions es tanquen aleshores. Només el titular del compte ho pot fer.",
    },
  },
  {
    category: 'account',
    question: {
      fr: "Mon comptable doit-il modifier l'identifiant quand le portail le lui demande ?",
      en: 'Should my accountant change the login when the portal asks?',
      es: '¿Debe mi gestor cambiar el identificador cuando el portal se lo pide?',
      ca: "Ha de canviar el meu gestor l'identificador quan el portal li ho demana?",
    },
    answer: {
      fr: "Non. Pour renforcer la sécurité, le portail invite le titulaire du compte à modifier ses identifiants. Si vous n'êtes pas le titulaire (votre comptable, par exemple), ne les modifiez pas : demandez-le au titulaire. Vos identifiants actuels restent valables tant que le lien de confirmation n'a pas été ouvert.",
      en: 'No. For stronger security, the portal asks the account holder to change their login. If you are not the holder (your accountant, for example), do not change it: ask the holder to. Your current login stays valid until the confirmation link has been opened.',
      es: 'No. Para reforzar la seguridad, el portal invita al titular de la cuenta a modificar sus identificadores. Si usted no es el titular (su gestor, por ejemplo), no los modifique: pídaselo al titular. Sus identificadores actuales siguen siendo válidos mientras no se haya abierto el enlace de confirmación.',
      ca: "No. Per reforçar la seguretat, el portal convida el titular del compte a modificar els seus identificadors. Si no sou el titular (el vostre gestor, per exemple), no els modifiqueu: demaneu-ho al titular. Els vostres identificadors actuals continuen sent vàlids mentre no s'hagi obert l'enllaç de confirmació.",
    },
  },
  {
    category: 'account',
    question: {
      fr: "Qu'est-ce qu'un sous-utilisateur et que peut-il voir ?",
      en: 'What is a sub-user and what can they see?',
      es: '¿Qué es un subusuario y qué puede ver?',
      ca: 'Què és un subusuari i què pot veure?',
    },
    answer: {
      fr: "Un sous-utilisateur (un responsable de salle, un serveur, votre comptable…) a ses propres identifiants et n'a accès qu'aux services qui lui sont attribués : rapports de ventes, comptes clients, administration fiscale, comptabilité, partenaires, actualités, aide. Il ne voit que les menus de ces services, pas les options du compte du titulaire, et ne peut ni modifier l'identifiant ni demander l'accès d'un inspecteur. Pour changer ses services, contactez le support Comptoir ; chaque changement de droits est enregistré dans le JET.",
      en: "A sub-user (a floor manager, a waiter, your accountant…) has their own login and can only reach the services given to them: sales reports, customer accounts, tax administration, accounting, partners, news, help. They only see those services' menus, not the holder's account options, and can neither change the login nor request an inspector's access. To change their services, contact Comptoir support; each change of rights is recorded in the JET.",
      es: 'Un subusuario (un encargado de sala, un camarero, su gestor…) tiene sus propios identificadores y solo accede a los servicios que se le asignan: informes de ventas, cuentas de clientes, administración fiscal, contabilidad, socios, novedades, ayuda. Solo ve los menús de esos servicios, no las opciones de la cuenta del titular, y no puede modificar el identificador ni solicitar el acceso de un inspector. Para cambiar sus servicios, contacte con el soporte de Comptoir; cada cambio de derechos se registra en el JET.',
      ca: "Un subusuari (un encarregat de sala, un cambrer, el vostre gestor…) té els seus propis identificadors i només accedeix als serveis que se li assignen: informes de vendes, comptes de clients, administració fiscal, comptabilitat, socis, novetats, ajuda. Només veu els menús d'aquests serveis, no les opcions del compte del titular, i no pot modificar l'identificador ni sol·licitar l'accés d'un inspector. Per canviar els seus serveis, contacteu amb el suport de Comptoir; cada canvi de drets es registra al JET.",
    },
  },
  {
    category: 'account',
    question: {
      fr: 'Pourquoi ma connexion est-elle refusée après plusieurs essais ?',
      en: 'Why is my sign-in refused after several attempts?',
      es: '¿Por qué se rechaza mi acceso después de varios intentos?',
      ca: 'Per què es rebutja el meu accés després de diversos intents?',
    },
    answer: {
      fr: "Après 5 mots de passe erronés pour une même adresse en 15 minutes, Comptoir bloque les nouveaux essais pendant quelques minutes pour protéger votre compte : le message « Trop de tentatives. Réessayez dans quelques minutes. » s'affiche. Attendez, puis réessayez avec le bon mot de passe. Vos sessions se renouvellent ensuite automatiquement tant que vous utilisez le portail.",
      en: 'After 5 wrong passwords for the same address within 15 minutes, Comptoir blocks new attempts for a few minutes to protect your account: the message "Too many attempts. Try again in a few minutes." is shown. Wait, then try again with the right password. Your sessions then renew themselves automatically while you use the portal.',
      es: 'Tras 5 contraseñas erróneas para la misma dirección en 15 minutos, Comptoir bloquea los nuevos intentos durante unos minutos para proteger su cuenta: se muestra el mensaje «Demasiados intentos. Vuelva a intentarlo dentro de unos minutos.». Espere y vuelva a intentarlo con la contraseña correcta. Después, sus sesiones se renuevan automáticamente mientras use el portal.',
      ca: "Després de 5 contrasenyes errònies per a la mateixa adreça en 15 minuts, Comptoir bloqueja els nous intents durant uns minuts per protegir el vostre compte: es mostra el missatge «Massa intents. Torneu-ho a provar d'aquí a uns minuts.». Espereu i torneu-ho a provar amb la contrasenya correcta. Després, les vostres sessions es renoven automàticament mentre feu servir el portal.",
    },
  },
  {
    category: 'help',
    question: {
      fr: "Comment revoir la vidéo d'aide ?",
      en: 'How do I watch the help video again?',
      es: '¿Cómo vuelvo a ver el vídeo de ayuda?',
      ca: "Com torno a veure el vídeo d'ajuda?",
    },
    answer: {
      fr: "Cliquez sur « Aide » dans la barre du haut. La vidéo « Découvrir Comptoir » présente le portail en cinq étapes, avec des sous-titres et une version texte (« La vidéo en texte »). Elle s'ouvre d'elle-même à votre première visite et quand une nouvelle vidéo est publiée.",
      en: 'Click "Help" in the top bar. The video "Discover Comptoir" presents the portal in five steps, with captions and a text version ("The video as text"). It opens by itself on your first visit and when a new video is published.',
      es: 'Haga clic en «Ayuda» en la barra superior. El vídeo «Descubrir Comptoir» presenta el portal en cinco pasos, con subtítulos y una versión en texto («El vídeo en texto»). Se abre solo en su primera visita y cuando se publica un vídeo nuevo.',
      ca: "Feu clic a «Ajuda» a la barra superior. El vídeo «Descobriu Comptoir» presenta el portal en cinc passos, amb subtítols i una versió en text («El vídeo en text»). S'obre sol a la primera visita i quan es publica un vídeo nou.",
    },
  },
  {
    category: 'help',
    question: {
      fr: 'Où trouver les guides et les vidéos de formation ?',
      en: 'Where do I find the guides and training videos?',
      es: '¿Dónde encuentro las guías y los vídeos de formación?',
      ca: 'On trobo les guies i els vídeos de formació?',
    },
    answer: {
      fr: "Le menu Aide regroupe la Documentation (des guides à télécharger en PDF), les Vidéos de formation et cette FAQ. Les vidéos reprennent là où vous les avez arrêtées ; une vidéo vue jusqu'au bout est marquée comme vue, et la suivante non vue se lance.",
      en: 'The Help menu gathers the Documentation (guides to download as PDF), the Training videos and this FAQ. Videos resume where you stopped them; a video watched to its end is marked as watched, and the next unwatched one starts.',
      es: 'El menú Ayuda reúne la Documentación (guías para descargar en PDF), los Vídeos de formación y estas preguntas frecuentes. Los vídeos se reanudan donde los dejó; un vídeo visto hasta el final se marca como visto y se inicia el siguiente no visto.',
      ca: "El menú Ajuda reuneix la Documentació (guies per descarregar en PDF), els Vídeos de formació i aquestes preguntes freqüents. Els vídeos es reprenen on els vau deixar; un vídeo vist fins al final es marca com a vist i s'inicia el següent no vist.",
    },
  },
  {
    category: 'help',
    question: {
      fr: 'Comment connecter Comptoir à un partenaire ?',
      en: 'How do I connect Comptoir to a partner?',
      es: '¿Cómo conecto Comptoir con un socio?',
      ca: 'Com connecto Comptoir amb un soci?',
    },
    answer: {
      fr: "Ouvrez Partenaires : les partenaires sont classés par catégorie. Cliquez sur un partenaire pour voir sa fiche, générez une clé, puis saisissez-la dans l'interface du partenaire. La clé n'est affichée qu'une fois : copiez-la. Le partenaire valide ou refuse ensuite l'intégration ; la légende montre les trois états (aucune intégration, en attente de validation, validée). Une clé refusée peut être régénérée. Si le portail vous demande de mettre à jour l'application iPad, faites-le avant d'activer le partenaire.",
      en: "Open Partners: partners are sorted by category. Click a partner to see its details, generate a key, then type it in the partner's interface. The key is shown only once: copy it. The partner then validates or refuses the integration; the legend shows the three states (no integration, waiting for validation, validated). A refused key can be generated again. If the portal asks you to update the iPad app, do so before activating the partner.",
      es: 'Abra Socios: los socios están clasificados por categoría. Haga clic en un socio para ver su ficha, genere una clave e introdúzcala en la interfaz del socio. La clave solo se muestra una vez: cópiela. Después, el socio valida o rechaza la integración; la leyenda muestra los tres estados (sin integración, pendiente de validación, validada). Una clave rechazada se puede volver a generar. Si el portal le pide actualizar la aplicación de iPad, hágalo antes de activar el socio.',
      ca: "Obriu Socis: els socis estan classificats per categoria. Feu clic en un soci per veure la seva fitxa, genereu una clau i introduïu-la a la interfície del soci. La clau només es mostra una vegada: copieu-la. Després, el soci valida o rebutja la integració; la llegenda mostra els tres estats (sense integració, pendent de validació, validada). Una clau rebutjada es pot tornar a generar. Si el portal us demana actualitzar l'aplicació d'iPad, feu-ho abans d'activar el soci.",
    },
  },
  {
    category: 'help',
    question: {
      fr: 'Où voir les annonces et les nouveautés de Comptoir ?',
      en: "Where do I see Comptoir's announcements and news?",
      es: '¿Dónde veo los anuncios y las novedades de Comptoir?',
      ca: 'On veig els anuncis i les novetats de Comptoir?',
    },
    answer: {
      fr: "Le menu Actualités présente les nouveautés du produit et les annonces de l'équipe Comptoir. Les messages importants (un export terminé, une alerte de solde client, une annonce) arrivent aussi dans le centre de notifications de la barre du haut, où vous pouvez les fermer.",
      en: "The News menu shows the product's new features and the Comptoir team's announcements. Important messages (a finished export, a customer balance alert, an announcement) also arrive in the notification centre of the top bar, where you can dismiss them.",
      es: 'El menú Novedades presenta las novedades del producto y los anuncios del equipo de Comptoir. Los mensajes importantes (una exportación terminada, una alerta de saldo de cliente, un anuncio) también llegan al centro de notificaciones de la barra superior, donde puede cerrarlos.',
      ca: "El menú Novetats presenta les novetats del producte i els anuncis de l'equip de Comptoir. Els missatges importants (una exportació acabada, una alerta de saldo de client, un anunci) també arriben al centre de notificacions de la barra superior, on els podeu tancar.",
    },
  },
];

/** Fixed per question and language: `00000023-0000-4000-8000-LL00000000NN` (LL the language, NN the question). */
export function faqItemId(language: Language, questionNumber: number): string {
  const languageIndex = String(LANGUAGES.indexOf(language) + 1).padStart(2, '0');
  return `00000023-0000-4000-8000-${languageIndex}00000000${String(questionNumber).padStart(2, '0')}`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = LANGUAGES.flatMap((language) =>
    FAQ_ENTRIES.map((entry, index) => ({
      id: faqItemId(language, index + 1),
      locale: LOCALES[language],
      category: CATEGORIES[entry.category][language],
      trigger: entry.question[language],
      content: entry.answer[language],
      position: (index + 1) * 10,
    })),
  );
  await sql`
    insert into faq_items (id, locale, category, trigger, content, position)
    select id, locale, category, trigger, content, position
    from json_populate_recordset(null::faq_items, ${JSON.stringify(rows)}::json)
    on conflict (id) do nothing
  `.execute(db);
}
