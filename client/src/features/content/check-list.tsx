import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, CircleX, Dot } from 'lucide-react';
import { cn } from '../../lib/cn';

const markers = {
  good: { Icon: CircleCheck, className: 'text-sage' },
  warning: { Icon: CircleAlert, className: 'text-accent-hover dark:text-accent' },
  bad: { Icon: CircleX, className: 'text-danger' },
  plain: { Icon: Dot, className: 'text-accent' },
} as const;

/** A bulleted list whose marker says at a glance whether an item is good, a warning or a no. */
export function CheckList({
  items,
  tone = 'plain',
  className,
}: {
  items: ReactNode[];
  tone?: keyof typeof markers;
  className?: string;
}) {
  const { Icon, className: iconClass } = markers[tone];
  return (
    <ul className={cn('grid gap-2.5', className)}>
      {items.map((item, i) => (
        <li key={i} className="flex gap-2.5 text-sm leading-relaxed">
          <Icon className={cn('mt-0.5 size-4.5 shrink-0', iconClass)} aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
