import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Card } from './card';

const tones = {
  accent: { round: 'bg-accent-soft', icon: 'text-accent' },
  sage: { round: 'bg-sage-soft', icon: 'text-sage' },
  danger: { round: 'bg-danger-soft', icon: 'text-danger' },
} as const;

type Tone = keyof typeof tones;

/** The round badge holding an icon at the top of a message card or an empty list. */
export function RoundIcon({ icon: Icon, tone }: { icon: LucideIcon; tone: Tone }) {
  return (
    <div
      className={cn(
        'mx-auto mb-4 flex size-14 items-center justify-center rounded-full',
        tones[tone].round,
      )}
    >
      <Icon className={cn('size-6', tones[tone].icon)} aria-hidden />
    </div>
  );
}

/**
 * A message that is the whole page (sign in first, no access): a centred card with an icon,
 * the page's <h1>, a line of words, then the ways on, if any.
 */
export function PageMessage({
  icon,
  tone = 'accent',
  title,
  text,
  children,
}: {
  icon: LucideIcon;
  tone?: Tone;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="p-8 text-center">
        <RoundIcon icon={icon} tone={tone} />
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-muted">{text}</p>
        {children && <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>}
      </Card>
    </div>
  );
}

/**
 * What a list says when it holds nothing: a card with an icon (the empty jar when none is
 * given), a title, a line of words, then the caller's way on (a button that spaces itself).
 */
export function EmptyState({
  icon,
  tone = 'accent',
  title,
  titleAs: Title = 'p',
  text,
  children,
}: {
  icon?: LucideIcon;
  tone?: Tone;
  title: string;
  /** A heading where the list's section has one above it (the moderation tabs). */
  titleAs?: 'p' | 'h2' | 'h3';
  text?: string;
  children?: ReactNode;
}) {
  return (
    <Card className="p-10 text-center">
      {icon ? (
        <RoundIcon icon={icon} tone={tone} />
      ) : (
        <p className="text-4xl" aria-hidden>
          🫙
        </p>
      )}
      <Title className={cn('text-lg font-semibold', !icon && 'mt-3')}>{title}</Title>
      {text && <p className="mt-1 text-muted">{text}</p>}
      {children}
    </Card>
  );
}
