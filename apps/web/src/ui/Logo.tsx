/** Comptoir's mark: a serving cloche on a counter. Decorative; the caller names the link or heading. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--color-brand)" />
      <path d="M9 19a7 7 0 0 1 14 0z" fill="var(--color-accent-light)" />
      <circle cx="16" cy="10.5" r="1.6" fill="var(--color-accent-light)" />
      <path d="M7 21.5h18" stroke="var(--color-accent-light)" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
