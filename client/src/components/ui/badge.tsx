import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  accent: 'bg-accent-soft text-accent-hover dark:text-accent',
  sage: 'bg-sage-soft text-sage',
  muted: 'bg-surface-muted text-muted',
  danger: 'bg-danger-soft text-danger',
} as const;

/**
 * How many are unread, on a link's corner (Messages, the bell): hidden from screen readers,
 * which hear the link's own words; more than 99 shows as 99+.
 */
export function CountBadge({
  count,
  className,
  ...props
}: {
  count: number;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-accent text-xs leading-5 font-semibold text-accent-fg',
        className,
      )}
      {...props}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function Badge({
  tone = 'accent',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
