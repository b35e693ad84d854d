import { SPONSORSHIP_REWARD_LABEL, type SponsorshipErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const sponsorshipError = defineErrors<SponsorshipErrorCode>({
  CUSTOMER_SPACE_FORBIDDEN: {
    status: 403,
    message: "Le parrainage n'est pas proposé aux utilisateurs de l'espace client.",
  },
  SELF_INVITATION: { status: 400, message: 'Vous ne pouvez pas vous inviter vous-même.' },
  EXISTING_USER: { status: 409, message: 'Cette adresse est déjà celle d’un utilisateur de Comptoir.' },
  ALREADY_INVITED: { status: 409, message: 'Vous avez déjà invité cette adresse.' },
  MAIL_NOT_SENT: {
    status: 502,
    message: "L'invitation n'a pas pu être envoyée. Réessayez dans quelques minutes.",
  },
  INVITATION_NOT_FOUND: { status: 404, message: "Ce lien d'invitation n'est pas valide." },
  ALREADY_SIGNED_UP: { status: 409, message: 'Ce restaurant a déjà transmis ses coordonnées.' },
  REFERRAL_NOT_FOUND: { status: 404, message: "Ce parrainage n'existe pas." },
  NOT_SIGNED_UP: {
    status: 409,
    message:
      "Ce restaurant n'a pas encore transmis ses coordonnées : son premier mois ne peut pas être payé.",
  },
  ALREADY_PAID: {
    status: 409,
    message: `Le premier mois de ce restaurant est déjà payé : la récompense de ${SPONSORSHIP_REWARD_LABEL} est due.`,
  },
  TOO_MANY_INVITATIONS: { status: 429, message: "Trop d'invitations envoyées. Réessayez plus tard." },
});
