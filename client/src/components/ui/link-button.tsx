import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from './button';

/**
 * A link drawn as a button, its icon before its words. `reloadDocument` for an address the
 * server answers itself (signing out), which the app must not route.
 */
export function LinkButton({
  to,
  icon: Icon,
  variant,
  size,
  className,
  reloadDocument,
  children,
}: {
  to: string;
  icon: LucideIcon;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  reloadDocument?: boolean;
  children: ReactNode;
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link to={to} reloadDocument={reloadDocument}>
        <Icon className="size-4" aria-hidden />
        {children}
      </Link>
    </Button>
  );
}
