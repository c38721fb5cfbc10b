import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  accent: 'bg-accent-soft text-accent-hover dark:text-accent',
  sage: 'bg-sage-soft text-sage',
  muted: 'bg-surface-muted text-muted',
  danger: 'bg-danger-soft text-danger',
} as const;

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
