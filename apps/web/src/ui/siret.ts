/** A SIRET as printed on French documents: `123 456 789 00012` (SIREN, then the establishment's NIC). */
export function formatSiret(siret: string): string {
  const digits = siret.replace(/\s/g, '');
  if (!/^\d{14}$/.test(digits)) return siret;
  return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`;
}
