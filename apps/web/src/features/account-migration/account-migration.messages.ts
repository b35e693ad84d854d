import { PASSWORD_RULE } from '@comptoir/contracts';
import { defineMessages } from '../../i18n/defineMessages';

export const accountMigrationMessages = defineMessages({
  fr: {
    'accountMigration.title': 'Modifier mes identifiants',
    'accountMigration.cancel': 'Annuler',
    'accountMigration.backHome': "Retour à l'accueil",
    'accountMigration.step1.intro':
      'Étape 1 sur 2 : pour commencer, confirmez votre identité avec votre mot de passe actuel.',
    'accountMigration.step1.password': 'Mot de passe actuel',
    'accountMigration.step1.submit': 'Continuer',
    'accountMigration.step1.verifying': 'Vérification…',
    'accountMigration.invalidPassword': 'Mot de passe incorrect.',
    'accountMigration.tooManyAttempts': 'Trop de tentatives. Réessayez dans quelques minutes.',
    'accountMigration.forbidden':
      'La modification des identifiants est réservée au titulaire du compte, depuis sa propre session.',
    'accountMigration.genericError': 'Une erreur est survenue.',
    'accountMigration.checkExpired':
      'Votre vérification a expiré. Saisissez de nouveau votre mot de passe actuel pour continuer.',
    'accountMigration.form.intro':
      "Étape 2 sur 2 : choisissez l'adresse e-mail avec laquelle vous vous connecterez désormais, et un nouveau mot de passe.",
    'accountMigration.form.currentEmail': 'Adresse e-mail actuelle',
    'accountMigration.form.email': 'Nouvelle adresse e-mail',
    'accountMigration.form.emailRepeat': 'Confirmez la nouvelle adresse e-mail',
    'accountMigration.form.password': 'Nouveau mot de passe',
    'accountMigration.form.passwordRepeat': 'Confirmez le nouveau mot de passe',
    'accountMigration.form.passwordRules': PASSWORD_RULE.hint,
    'accountMigration.form.submit': 'Enregistrer mes nouveaux identifiants',
    'accountMigration.form.submitting': 'Envoi en cours…',
    'accountMigration.required': 'Ce champ est obligatoire.',
    'accountMigration.invalidEmail': "L'adresse e-mail n'est pas valide.",
    'accountMigration.sameEmail': "La nouvelle adresse e-mail doit être différente de l'adresse actuelle.",
    'accountMigration.emailTaken': 'Cette adresse e-mail est déjà associée à un compte.',
    'accountMigration.emailMismatch': 'Les adresses e-mail ne correspondent pas.',
    'accountMigration.errorPassword': PASSWORD_RULE.message,
    'accountMigration.samePassword': "Le nouveau mot de passe doit être différent de l'ancien.",
    'accountMigration.passwordMismatch': 'Les mots de passe ne correspondent pas.',
    'accountMigration.successMessage':
      "Un e-mail de confirmation a été envoyé à {email}. Ouvrez le lien qu'il contient pour activer vos nouveaux identifiants.",
    'accountMigration.successHint':
      "Le lien est valable 24 heures. D'ici là, vos identifiants actuels restent valables.",
    'accountMigration.errorMessage': 'La modification de vos identifiants a échoué. Veuillez réessayer.',
    'accountMigration.check.title': 'Validation de votre nouvelle adresse e-mail',
    'accountMigration.check.pending': 'Validation de votre nouvelle adresse e-mail en cours…',
    'accountMigration.check.success':
      'Vos nouveaux identifiants sont activés : connectez-vous désormais avec votre nouvelle adresse e-mail et votre nouveau mot de passe.',
    'accountMigration.check.redirect': "Vous allez être redirigé vers l'accueil dans 5 secondes.",
    'accountMigration.check.error1': 'La modification de vos identifiants a échoué. Veuillez réessayer.',
    'accountMigration.check.error2':
      "Votre lien a expiré ou vous avez déjà validé votre changement d'identifiant.",
    'accountMigration.notice.title': 'Sécurisez votre compte',
    'accountMigration.notice.text':
      'Pour renforcer la sécurité de votre compte, vous devez modifier vos identifiants de connexion : choisissez votre propre adresse e-mail et un nouveau mot de passe.',
    'accountMigration.notice.notHolder':
      "Si vous n'êtes pas le titulaire du compte (par exemple si vous êtes son expert-comptable), ne modifiez pas ces identifiants : demandez au titulaire du compte de le faire.",
    'accountMigration.notice.change': 'Modifier mes identifiants',
    'accountMigration.notice.later': 'Plus tard',
  },
  en: {
    'accountMigration.title': 'Change my login details',
    'accountMigration.cancel': 'Cancel',
    'accountMigration.backHome': 'Back to home',
    'accountMigration.step1.intro': 'Step 1 of 2: first, confirm it is you with your current password.',
    'accountMigration.step1.password': 'Current password',
    'accountMigration.step1.submit': 'Continue',
    'accountMigration.step1.verifying': 'Checking…',
    'accountMigration.invalidPassword': 'Incorrect password.',
    'accountMigration.tooManyAttempts': 'Too many attempts. Try again in a few minutes.',
    'accountMigration.forbidden':
      'Only the account holder can change the login details, from their own session.',
    'accountMigration.genericError': 'Something went wrong.',
    'accountMigration.checkExpired': 'Your check has expired. Enter your current password again to continue.',
    'accountMigration.form.intro':
      'Step 2 of 2: choose the e-mail address you will sign in with from now on, and a new password.',
    'accountMigration.form.currentEmail': 'Current e-mail address',
    'accountMigration.form.email': 'New e-mail address',
    'accountMigration.form.emailRepeat': 'Confirm the new e-mail address',
    'accountMigration.form.password': 'New password',
    'accountMigration.form.passwordRepeat': 'Confirm the new password',
    'accountMigration.form.passwordRules':
      'At least 8 characters, including 1 uppercase letter, 1 lowercase letter, 1 digit and 1 special character.',
    'accountMigration.form.submit': 'Save my new login details',
    'accountMigration.form.submitting': 'Sending…',
    'accountMigration.required': 'This field is required.',
    'accountMigration.invalidEmail': 'The e-mail address is not valid.',
    'accountMigration.sameEmail': 'The new e-mail address must differ from the current one.',
    'accountMigration.emailTaken': 'This e-mail address is already linked to an account.',
    'accountMigration.emailMismatch': 'The e-mail addresses do not match.',
    'accountMigration.errorPassword':
      'The password must contain at least 8 characters including 1 uppercase letter, 1 lowercase letter, 1 digit and 1 special character.',
    'accountMigration.samePassword': 'The new password must differ from the old one.',
    'accountMigration.passwordMismatch': 'The passwords do not match.',
    'accountMigration.successMessage':
      'A confirmation e-mail has been sent to {email}. Open the link it contains to activate your new login details.',
    'accountMigration.successHint':
      'The link is valid for 24 hours. Until then, your current login details still work.',
    'accountMigration.errorMessage': 'Changing your login details failed. Please try again.',
    'accountMigration.check.title': 'Confirming your new e-mail address',
    'accountMigration.check.pending': 'Confirming your new e-mail address…',
    'accountMigration.check.success':
      'Your new login details are active: from now on, sign in with your new e-mail address and your new password.',
    'accountMigration.check.redirect': 'You will be taken to the home page in 5 seconds.',
    'accountMigration.check.error1': 'Changing your login details failed. Please try again.',
    'accountMigration.check.error2': 'Your link has expired or you have already confirmed your login change.',
    'accountMigration.notice.title': 'Secure your account',
    'accountMigration.notice.text':
      'To strengthen the security of your account, you must change your login details: choose your own e-mail address and a new password.',
    'accountMigration.notice.notHolder':
      'If you are not the account holder (for example, you are their accountant), do not change these login details: ask the account holder to do it.',
    'accountMigration.notice.change': 'Change my login details',
    'accountMigration.notice.later': 'Later',
  },
  es: {
    'accountMigration.title': 'Modificar mis credenciales',
    'accountMigration.cancel': 'Cancelar',
    'accountMigration.backHome': 'Volver al inicio',
    'accountMigration.step1.intro':
      'Paso 1 de 2: para empezar, confirme su identidad con su contraseña actual.',
    'accountMigration.step1.password': 'Contraseña actual',
    'accountMigration.step1.submit': 'Continuar',
    'accountMigration.step1.verifying': 'Comprobando…',
    'accountMigration.invalidPassword': 'Contraseña incorrecta.',
    'accountMigration.tooManyAttempts': 'Demasiados intentos. Vuelva a intentarlo dentro de unos minutos.',
    'accountMigration.forbidden':
      'Solo el titular de la cuenta puede modificar las credenciales, desde su propia sesión.',
    'accountMigration.genericError': 'Se ha producido un error.',
    'accountMigration.checkExpired':
      'Su verificación ha caducado. Vuelva a introducir su contraseña actual para continuar.',
    'accountMigration.form.intro':
      'Paso 2 de 2: elija la dirección de correo electrónico con la que se conectará a partir de ahora y una nueva contraseña.',
    'accountMigration.form.currentEmail': 'Correo electrónico actual',
    'accountMigration.form.email': 'Nuevo correo electrónico',
    'accountMigration.form.emailRepeat': 'Confirme el nuevo correo electrónico',
    'accountMigration.form.password': 'Nueva contraseña',
    'accountMigration.form.passwordRepeat': 'Confirme la nueva contraseña',
    'accountMigration.form.passwordRules':
      'Al menos 8 caracteres, con 1 mayúscula, 1 minúscula, 1 cifra y 1 carácter especial.',
    'accountMigration.form.submit': 'Guardar mis nuevas credenciales',
    'accountMigration.form.submitting': 'Enviando…',
    'accountMigration.required': 'Este campo es obligatorio.',
    'accountMigration.invalidEmail': 'El correo electrónico no es válido.',
    'accountMigration.sameEmail': 'El nuevo correo electrónico debe ser distinto del actual.',
    'accountMigration.emailTaken': 'Este correo electrónico ya está asociado a una cuenta.',
    'accountMigration.emailMismatch': 'Los correos electrónicos no coinciden.',
    'accountMigration.errorPassword':
      'La contraseña debe tener al menos 8 caracteres, con 1 mayúscula, 1 minúscula, 1 cifra y 1 carácter especial.',
    'accountMigration.samePassword': 'La nueva contraseña debe ser distinta de la anterior.',
    'accountMigration.passwordMismatch': 'Las contraseñas no coinciden.',
    'accountMigration.successMessage':
      'Se ha enviado un correo de confirmación a {email}. Abra el enlace que contiene para activar sus nuevas credenciales.',
    'accountMigration.successHint':
      'El enlace es válido durante 24 horas. Hasta entonces, sus credenciales actuales siguen siendo válidas.',
    'accountMigration.errorMessage': 'La modificación de sus credenciales ha fallado. Vuelva a intentarlo.',
    'accountMigration.check.title': 'Validación de su nuevo correo electrónico',
    'accountMigration.check.pending': 'Validando su nuevo correo electrónico…',
    'accountMigration.check.success':
      'Sus nuevas credenciales están activas: a partir de ahora, conéctese con su nuevo correo electrónico y su nueva contraseña.',
    'accountMigration.check.redirect': 'Se le redirigirá al inicio dentro de 5 segundos.',
    'accountMigration.check.error1': 'La modificación de sus credenciales ha fallado. Vuelva a intentarlo.',
    'accountMigration.check.error2': 'Su enlace ha caducado o ya ha validado el cambio de credenciales.',
    'accountMigration.notice.title': 'Proteja su cuenta',
    'accountMigration.notice.text':
      'Para reforzar la seguridad de su cuenta, debe modificar sus credenciales de conexión: elija su propio correo electrónico y una nueva contraseña.',
    'accountMigration.notice.notHolder':
      'Si no es el titular de la cuenta (por ejemplo, si es su gestor contable), no modifique estas credenciales: pida al titular de la cuenta que lo haga.',
    'accountMigration.notice.change': 'Modificar mis credenciales',
    'accountMigration.notice.later': 'Más tarde',
  },
  ca: {
    'accountMigration.title': 'Modificar les meves credencials',
    'accountMigration.cancel': 'Cancel·la',
    'accountMigration.backHome': "Torna a l'inici",
    'accountMigration.step1.intro':
      'Pas 1 de 2: per començar, confirmeu la vostra identitat amb la contrasenya actual.',
    'accountMigration.step1.password': 'Contrasenya actual',
    'accountMigration.step1.submit': 'Continua',
    'accountMigration.step1.verifying': 'Comprovant…',
    'accountMigration.invalidPassword': 'Contrasenya incorrecta.',
    'accountMigration.tooManyAttempts': "Massa intents. Torneu-ho a provar d'aquí a uns minuts.",
    'accountMigration.forbidden':
      'Només el titular del compte pot modificar les credencials, des de la seva pròpia sessió.',
    'accountMigration.genericError': "S'ha produït un error.",
    'accountMigration.checkExpired':
      'La verificació ha caducat. Torneu a introduir la contrasenya actual per continuar.',
    'accountMigration.form.intro':
      "Pas 2 de 2: trieu l'adreça electrònica amb què us connectareu a partir d'ara i una contrasenya nova.",
    'accountMigration.form.currentEmail': 'Adreça electrònica actual',
    'accountMigration.form.email': 'Adreça electrònica nova',
    'accountMigration.form.emailRepeat': "Confirmeu l'adreça electrònica nova",
    'accountMigration.form.password': 'Contrasenya nova',
    'accountMigration.form.passwordRepeat': 'Confirmeu la contrasenya nova',
    'accountMigration.form.passwordRules':
      'Almenys 8 caràcters, amb 1 majúscula, 1 minúscula, 1 xifra i 1 caràcter especial.',
    'accountMigration.form.submit': 'Desa les meves credencials noves',
    'accountMigration.form.submitting': 'Enviant…',
    'accountMigration.required': 'Aquest camp és obligatori.',
    'accountMigration.invalidEmail': "L'adreça electrònica no és vàlida.",
    'accountMigration.sameEmail': "L'adreça electrònica nova ha de ser diferent de l'actual.",
    'accountMigration.emailTaken': 'Aquesta adreça electrònica ja està associada a un compte.',
    'accountMigration.emailMismatch': 'Les adreces electròniques no coincideixen.',
    'accountMigration.errorPassword':
      'La contrasenya ha de tenir almenys 8 caràcters, amb 1 majúscula, 1 minúscula, 1 xifra i 1 caràcter especial.',
    'accountMigration.samePassword': "La contrasenya nova ha de ser diferent de l'anterior.",
    'accountMigration.passwordMismatch': 'Les contrasenyes no coincideixen.',
    'accountMigration.successMessage':
      "S'ha enviat un correu de confirmació a {email}. Obriu l'enllaç que conté per activar les vostres credencials noves.",
    'accountMigration.successHint':
      "L'enllaç és vàlid durant 24 hores. Fins aleshores, les credencials actuals continuen sent vàlides.",
    'accountMigration.errorMessage':
      'La modificació de les vostres credencials ha fallat. Torneu-ho a provar.',
    'accountMigration.check.title': 'Validació de la vostra adreça electrònica nova',
    'accountMigration.check.pending': 'Validant la vostra adreça electrònica nova…',
    'accountMigration.check.success':
      "Les vostres credencials noves estan actives: a partir d'ara, connecteu-vos amb l'adreça electrònica nova i la contrasenya nova.",
    'accountMigration.check.redirect': "Se us redirigirà a l'inici d'aquí a 5 segons.",
    'accountMigration.check.error1':
      'La modificació de les vostres credencials ha fallat. Torneu-ho a provar.',
    'accountMigration.check.error2': "L'enllaç ha caducat o ja heu validat el canvi de credencials.",
    'accountMigration.notice.title': 'Protegiu el vostre compte',
    'accountMigration.notice.text':
      'Per reforçar la seguretat del vostre compte, heu de modificar les credencials de connexió: trieu la vostra pròpia adreça electrònica i una contrasenya nova.',
    'accountMigration.notice.notHolder':
      'Si no sou el titular del compte (per exemple, si en sou el gestor comptable), no modifiqueu aquestes credencials: demaneu al titular del compte que ho faci.',
    'accountMigration.notice.change': 'Modificar les meves credencials',
    'accountMigration.notice.later': 'Més tard',
  },
});
