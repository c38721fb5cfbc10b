import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, type LucideIcon } from 'lucide-react';

/**
 * A whole card that is one link, so the tap target is large on phones. The title is a
 * heading so screen-reader users can jump between cards.
 */
export function LinkCard({
  to,
  icon: Icon,
  title,
  children,
  headingLevel = 3,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link
      to={to}
      className="group flex h-full flex-col rounded-2xl border border-border bg-surface p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-accent hover:shadow-md"
    >
      <span className="mb-3 flex size-11 items-center justify-center rounded-xl bg-accent-soft">
        <Icon className="size-5 text-accent-hover dark:text-accent" aria-hidden />
      </span>
      <Heading className="flex items-center gap-1.5 font-semibold">
        {title}
        <ArrowRight
          className="size-4 text-muted transition group-hover:translate-x-0.5 group-hover:text-accent rtl:-scale-x-100"
          aria-hidden
        />
      </Heading>
      <p className="mt-1 text-sm text-muted">{children}</p>
    </Link>
  );
}
