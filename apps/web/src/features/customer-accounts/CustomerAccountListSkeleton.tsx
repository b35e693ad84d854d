/** Spec 3 §2: while the list loads, five grey rows stand in for it. */
export function CustomerAccountListSkeleton({ label }: { label: string }) {
  return (
    <div className="customer-list-skeleton" role="status" aria-label={label}>
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="customer-list-skeleton-row" aria-hidden="true">
          <span />
          <span />
          <span />
          <span />
        </div>
      ))}
    </div>
  );
}
