export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {hint ? <p>{hint}</p> : null}
    </div>
  );
}
