/** A jar with bubbles: the CultureShare mark. */
export function Logo({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--accent)" />
      <path d="M20 22h24l-3 28a4 4 0 0 1-4 4H27a4 4 0 0 1-4-4z" fill="var(--bg)" />
      <rect x="18" y="14" width="28" height="8" rx="3" fill="var(--bg)" />
      <circle cx="30" cy="38" r="3" fill="var(--accent)" />
      <circle cx="36" cy="45" r="2" fill="var(--accent)" />
      <circle cx="29" cy="47" r="1.6" fill="var(--accent)" />
    </svg>
  );
}
