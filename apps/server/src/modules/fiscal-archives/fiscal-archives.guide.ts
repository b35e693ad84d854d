/**
 * `LISEZ-MOI-verification.txt`, the third file of every fiscal archive (issue 18 part 2): the byte
 * layout of every item the archive's signatures cover and a recipe with standard tools only, so that
 * a third party checks an archive without Comptoir's code. It describes what
 * `fiscal-archives.key.ts`, `fiscal-archives.csv.ts`, `@comptoir/fiscal` (`encodeStoredRecord`,
 * `canonicalize`), `server-closures.encoding.ts` and `platform/jet.ts` actually write: change them,
 * change this text (`fiscal-archives.openssl.integration.test.ts` follows it with openssl).
 */
export const VERIFICATION_GUIDE_FILENAME = 'LISEZ-MOI-verification.txt';

export const VERIFICATION_GUIDE = `VÉRIFIER UNE ARCHIVE FISCALE COMPTOIR AVEC DES OUTILS STANDARD
==============================================================

Une archive fiscale Comptoir tient en trois fichiers, à conserver ensemble :
  - archive-fiscale_<type>_<début>_<fin>_n<N>.csv : l'archive, les enregistrements signés par les caisses ;
  - archive-fiscale_<type>_<début>_<fin>_n<N>.txt : sa clé de vérification, signée par le serveur,
    qui publie aussi la clé publique du serveur et celles des caisses ;
  - LISEZ-MOI-verification.txt : ce guide.

Ce guide permet de tout vérifier sans le logiciel Comptoir, avec :
  - sha256sum, head, tail, grep, cut et base64 (GNU coreutils) et OpenSSL 3 (openssl pkeyutl -rawin) ;
  - ou Python 3 (bibliothèque standard) et le paquet « cryptography » (pip install cryptography).

Toutes les signatures sont Ed25519 (RFC 8032), encodées en base64, sur les octets exacts décrits
ci-dessous. Tous les textes sont en UTF-8, chaque ligne terminée par un saut de ligne LF (\\n).
Les instants sont en ISO 8601 UTC avec millisecondes (2026-03-05T11:42:07.000Z), les montants
des entiers en centimes.


1. LA CLÉ DE VÉRIFICATION (.txt)
--------------------------------

Une ligne « nom=valeur » par champ, dans cet ordre :

  comptoir/fiscal-archive-key/v2
  file_sha256=<SHA-256 en hexadécimal minuscule du fichier .csv, tel que téléchargé>
  company_id=<identifiant de l'établissement>
  company_name=<nom de l'établissement>
  kind=cashing (encaissements) | closing (clôtures)
  period_start=AAAA-MM-JJ          (premier jour archivé, heure de Paris)
  period_end=AAAA-MM-JJ            (dernier jour archivé, inclus)
  export_date=<instant de fabrication de l'archive>
  archive_seq=<rang de l'archive dans la chaîne des archives de l'établissement : 1, 2...>
  previous_archive_sha256=<file_sha256 de l'archive précédente de l'établissement, ou « none »>
  record_count=<nombre de lignes de données du .csv>
  server_public_key=<clé publique Ed25519 du serveur : DER SubjectPublicKeyInfo en base64>
  server_key_fingerprint=<SHA-256 hexadécimal des 32 octets bruts de cette clé>
  register_count=<nombre de caisses dont l'archive contient des enregistrements>
  register=<id>|<n° de série>|<date d'enrôlement>|<empreinte>|<clé publique>|<nom>   (une ligne par caisse)
  signature=<signature Ed25519 du serveur, base64>

Octets signés : tout le fichier jusqu'à la ligne « signature= » exclue, c'est-à-dire toutes les
lignes qui la précèdent, chacune avec son \\n final (le fichier sans sa dernière ligne).

Clés publiques : la valeur de server_public_key (et le 5e champ de chaque ligne register=) est le
corps d'un fichier PEM ; placée entre « -----BEGIN PUBLIC KEY----- » et « -----END PUBLIC KEY----- »,
elle se lit avec OpenSSL. L'empreinte est le SHA-256 des 32 derniers octets de ce DER (la clé brute).
La clé du serveur doit être celle que Comptoir publie, sans authentification, à l'adresse
<adresse du portail>/api/administration-fiscale/keys (avec ses dates de validité) : comparez les
empreintes. Les clés des caisses sont couvertes par la signature du serveur ; le titulaire du compte
et l'inspecteur les lisent aussi sur l'écran technique de l'administration fiscale.

Chaîne des archives : chaque clé nomme l'empreinte de l'archive précédente du même établissement
(encaissements et clôtures dans une seule chaîne) ; la première porte « none ».

Les clés plus anciennes (en-tête comptoir/fiscal-archive-key/v1) ont les mêmes lignes jusqu'à
record_count, sans les clés publiques.


2. L'ARCHIVE (.csv)
-------------------

Séparateur « ; », chaque champ entre guillemets doubles (un guillemet à l'intérieur est doublé),
une ligne d'en-tête puis un enregistrement par ligne, triés par caisse, type et numéro :

  register_id;kind;seq;v;at;prev_sig;sig;data

  register_id  identifiant de la caisse qui a signé (voir les lignes register= de la clé)
  kind         type d'enregistrement (order, payment, service, closure...)
  seq          numéro dans la chaîne (caisse, type) : 1, 2, 3...
  v            version du format des octets signés (1)
  at           instant de l'enregistrement
  prev_sig     signature de l'enregistrement précédent de la même chaîne (vide pour le premier)
  sig          signature Ed25519 de la caisse, base64
  data         contenu de l'enregistrement, en JSON canonique, tel que la caisse l'a signé

Octets signés par la caisse (v = 1) : la ligne de domaine puis un objet JSON canonique, sans saut
de ligne final :

  comptoir/pos-record/v1
  {"at":<at>,"data":<data>,"kind":<kind>,"prev":<prev_sig>,"register":<register_id>,"seq":<seq>,"v":1}

où <at>, <kind>, <register_id> et <prev_sig> sont des chaînes JSON entre guillemets (<prev_sig> vaut
null, sans guillemets, quand le champ est vide), <seq> un entier sans guillemets et <data> le champ
data recopié tel quel. Exemple d'en-tête de ces octets :
  comptoir/pos-record/v1\\n{"at":"2026-03-05T11:42:07.000Z","data":{...},"kind":"order",...

JSON canonique : clés des objets triées (ordre des unités UTF-16, l'ordre de tri par défaut), aucun
espace, des entiers seulement, chaînes échappées comme JSON.stringify (seuls « " », « \\ » et les
caractères de contrôle U+0000 à U+001F sont échappés ; les accents restent en UTF-8). En Python :
json.dumps(valeur, ensure_ascii=False, separators=(",", ":"), sort_keys=True) donne les mêmes octets
pour ces données.

Chaînage : dans une chaîne (register_id, kind), seq augmente de 1 en 1 et prev_sig est le sig de la
ligne précédente. L'archive ne contient que la période : le prev_sig du premier enregistrement
d'une chaîne dans l'archive est la signature d'un enregistrement antérieur, archivé avec la période
précédente.


3. RECETTE AVEC SHA256SUM ET OPENSSL
------------------------------------

Dans un dossier contenant archive.csv et cle.txt (renommez les fichiers téléchargés) :

  # 1. Intégrité : les deux empreintes doivent être identiques.
  sha256sum archive.csv
  grep '^file_sha256=' cle.txt | cut -d= -f2

  # 2. Authenticité de la clé (signature du serveur).
  { echo '-----BEGIN PUBLIC KEY-----'; grep '^server_public_key=' cle.txt | cut -d= -f2-;
    echo '-----END PUBLIC KEY-----'; } > serveur.pem
  head -n -1 cle.txt > cle-signee.bin
  tail -n 1 cle.txt | cut -d= -f2- | base64 -d > cle-signature.bin
  openssl pkeyutl -verify -rawin -pubin -inkey serveur.pem -sigfile cle-signature.bin -in cle-signee.bin
  # => « Signature Verified Successfully » ; toute autre réponse : la clé a été modifiée.
  # Comparez aussi server_key_fingerprint à l'empreinte publiée (GET /api/administration-fiscale/keys).

  # 3. Signature d'un enregistrement : la clé publique de sa caisse, puis ses octets signés
  #    (section 2) dans enregistrement.bin et sa signature (colonne sig, décodée) dans sig.bin.
  { echo '-----BEGIN PUBLIC KEY-----'; grep '^register=<register_id>|' cle.txt | cut -d'|' -f5;
    echo '-----END PUBLIC KEY-----'; } > caisse.pem
  printf '%s' '<sig>' | base64 -d > sig.bin
  openssl pkeyutl -verify -rawin -pubin -inkey caisse.pem -sigfile sig.bin -in enregistrement.bin

  Le script Python ci-dessous fabrique enregistrement.bin et sig.bin de chaque ligne, ou vérifie tout.


4. RECETTE EN PYTHON (bibliothèque standard + cryptography)
-----------------------------------------------------------

  import base64, csv, hashlib, json, sys
  from cryptography.hazmat.primitives.serialization import load_der_public_key

  archive, cle = sys.argv[1], sys.argv[2]
  texte = open(cle, "rb").read()
  signe, _, derniere = texte.rstrip(b"\\n").rpartition(b"\\n")
  signe += b"\\n"
  champs, caisses = {}, {}
  for ligne in signe.decode("utf-8").splitlines()[1:]:
      nom, _, valeur = ligne.partition("=")
      if nom == "register":
          id_caisse, serie, enrolee, empreinte, cle_pub, nom_caisse = valeur.split("|", 5)
          caisses[id_caisse] = load_der_public_key(base64.b64decode(cle_pub))
      else:
          champs[nom] = valeur
  serveur = load_der_public_key(base64.b64decode(champs["server_public_key"]))
  serveur.verify(base64.b64decode(derniere.decode().split("=", 1)[1]), signe)  # lève une exception si faux
  contenu = open(archive, "rb").read()
  assert hashlib.sha256(contenu).hexdigest() == champs["file_sha256"], "archive modifiée"

  chaines = {}
  lignes = csv.reader(contenu.decode("utf-8").splitlines(), delimiter=";", quotechar='"')
  next(lignes)
  for register_id, kind, seq, v, at, prev_sig, sig, data in lignes:
      assert v == "1"
      enveloppe = {"at": at, "data": json.loads(data), "kind": kind, "prev": prev_sig or None,
                   "register": register_id, "seq": int(seq), "v": 1}
      octets = b"comptoir/pos-record/v1\\n" + json.dumps(
          enveloppe, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
      caisses[register_id].verify(base64.b64decode(sig), octets)  # lève une exception si faux
      precedent = chaines.get((register_id, kind))
      if precedent is not None:
          assert int(seq) == precedent[0] + 1 and prev_sig == precedent[1], "chaîne rompue"
      chaines[(register_id, kind)] = (int(seq), sig)
  print("archive intègre et authentique")


5. LES AUTRES ÉLÉMENTS SIGNÉS PAR LE SERVEUR
--------------------------------------------

Le serveur signe avec la même clé (server_public_key) les éléments suivants, lisibles dans le
portail (administration fiscale) ou dans la base de données. Même principe : une ligne de domaine
terminée par \\n, puis un objet JSON canonique, sans saut de ligne final.

  Clôture du serveur (journalière type 1, mensuelle 3, annuelle 5), chaînée par établissement :
    comptoir/server-closure/v1
    {"account_id","amount_discount_ivat","amount_offered_ivat","amount_payment_shift","amount_tax",
     "amount_total_evat","amount_total_ivat","amount_total_wo_discount_ivat","closing_date",
     "company_id","end_day","grand_total_ivat","id","opening_date","payments","prev_sig",
     "services_count","seq","start_day","taxes","type","v":1}
    (tous les champs enregistrés sauf created_at et sig ; dates en ISO 8601 UTC ou null ; payments
    triés par paymentTypeId, taxes par vatRateBp, tels qu'enregistrés)

  Tête d'une chaîne du serveur (journal JET, clôtures du serveur, archives) :
    comptoir/chain-head/v1
    {"account":<compte>,"company":<établissement ou null>,"kind":"jet"|"server_closure"|"archive",
     "lastSeq":<entier>,"lastSig":<signature du dernier maillon>,"v":1}
    Pour les archives, le dernier maillon est la signature de la clé .txt de la dernière archive.

  Tête d'une chaîne de caisse (à chaque enregistrement reçu) :
    comptoir/register-chain-head/v1
    {"account","company","kind","lastSeq","lastSig","register","v":1}

  Événement du journal des événements techniques (JET), chaîné par compte :
    comptoir/jet-event/v1
    {"account","code","company","details","label","occurredAt","prevSig","seq","user","v":1}

  La clé de vérification d'une archive (section 1).
`;
