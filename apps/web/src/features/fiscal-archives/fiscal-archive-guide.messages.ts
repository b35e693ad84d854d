import { defineMessages } from '../../i18n/defineMessages';

/**
 * Issue 18 parts 2–3: where an archive's verification guide is, and where an inspector's archive goes.
 * The guide's file name is the server's (`fiscal-archives.guide.ts`), never translated.
 */
export const fiscalArchiveGuideMessages = defineMessages({
  fr: {
    'fiscalArchiveGuide.checkHint':
      'Pour vérifier une archive sans Comptoir, avec des outils standard (sha256sum, openssl ou Python), suivez le guide LISEZ-MOI-verification.txt dont le courriel de l’archive donne le lien : la clé .txt publie la clé publique du serveur et celles des caisses.',
    'fiscalArchiveGuide.exportHint':
      'Le courriel contiendra l’archive (.csv), sa clé de vérification (.txt) et le guide LISEZ-MOI-verification.txt pour la vérifier avec des outils standard.',
    'fiscalArchiveGuide.inspectorRecipient':
      'L’archive sera envoyée uniquement à l’adresse e-mail validée pour votre accès de l’administration fiscale.',
  },
  en: {
    'fiscalArchiveGuide.checkHint':
      'To check an archive without Comptoir, with standard tools (sha256sum, openssl or Python), follow the LISEZ-MOI-verification.txt guide linked in the archive’s e-mail: the .txt key publishes the server’s public key and the registers’.',
    'fiscalArchiveGuide.exportHint':
      'The e-mail will hold the archive (.csv), its verification key (.txt) and the LISEZ-MOI-verification.txt guide to check it with standard tools.',
    'fiscalArchiveGuide.inspectorRecipient':
      'The archive will be sent only to the e-mail address validated for your tax administration access.',
  },
  es: {
    'fiscalArchiveGuide.checkHint':
      'Para verificar un archivo sin Comptoir, con herramientas estándar (sha256sum, openssl o Python), siga la guía LISEZ-MOI-verification.txt enlazada en el correo del archivo: la clave .txt publica la clave pública del servidor y las de las cajas.',
    'fiscalArchiveGuide.exportHint':
      'El correo contendrá el archivo (.csv), su clave de verificación (.txt) y la guía LISEZ-MOI-verification.txt para verificarlo con herramientas estándar.',
    'fiscalArchiveGuide.inspectorRecipient':
      'El archivo se enviará únicamente a la dirección de correo validada para su acceso de la administración fiscal.',
  },
  ca: {
    'fiscalArchiveGuide.checkHint':
      'Per verificar un arxiu sense Comptoir, amb eines estàndard (sha256sum, openssl o Python), seguiu la guia LISEZ-MOI-verification.txt enllaçada al correu de l’arxiu: la clau .txt publica la clau pública del servidor i les de les caixes.',
    'fiscalArchiveGuide.exportHint':
      'El correu contindrà l’arxiu (.csv), la seva clau de verificació (.txt) i la guia LISEZ-MOI-verification.txt per verificar-lo amb eines estàndard.',
    'fiscalArchiveGuide.inspectorRecipient':
      'L’arxiu s’enviarà només a l’adreça electrònica validada per al vostre accés de l’administració fiscal.',
  },
});
