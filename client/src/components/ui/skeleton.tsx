import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** What a screen reader hears while skeletons stand in for what is loading. */
export function LoadingNote({ children }: { children: ReactNode }) {
  return (
    <span className="sr-only" role="status">
      {children}
    </span>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-xl bg-surface-muted', className)} />;
}
