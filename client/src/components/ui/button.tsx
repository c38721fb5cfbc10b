import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cn } from '../../lib/cn';

const variants = {
  primary: 'bg-accent text-accent-fg hover:bg-accent-hover shadow-sm',
  secondary: 'bg-sage text-white hover:opacity-90 dark:text-bg shadow-sm',
  outline: 'border border-border bg-surface text-text hover:bg-surface-muted',
  ghost: 'text-text hover:bg-surface-muted',
  destructive: 'bg-danger text-white hover:opacity-90 dark:text-bg',
  link: 'text-accent underline-offset-4 hover:underline',
} as const;

// Small and icon buttons are drawn smaller than a fingertip; `tap` takes taps in 44 × 44 px.
// A label too long for its row (a long language on a phone) wraps onto a second line and the
// button grows, rather than running past the screen: heights are minimums.
const sizes = {
  sm: 'tap min-h-9 px-3 py-1.5 text-sm',
  md: 'min-h-11 px-5 py-2 text-sm',
  lg: 'min-h-12 px-7 py-2 text-base',
  icon: 'tap size-10',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a Link, an anchor) with button styling. */
  asChild?: boolean;
}

export function buttonClasses(
  variant: keyof typeof variants = 'primary',
  size: keyof typeof sizes = 'md',
) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-full text-center font-medium transition-colors',
    'disabled:pointer-events-none disabled:opacity-50 cursor-pointer',
    variants[variant],
    sizes[size],
  );
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', asChild, className, type, ...props },
  ref,
) {
  const classes = cn(buttonClasses(variant, size), className);
  // Radix's Slot forwards the ref and composes the child's own handlers with ours.
  if (asChild) return <Slot ref={ref} className={classes} {...props} />;
  return <button ref={ref} type={type ?? 'button'} className={classes} {...props} />;
});
