import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { textLinkClass } from '../../../lib/page-links';

/** The centred card the sign-in and sign-up pages share. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card className="p-6 sm:p-8">
        <div className="mb-6 text-center">
          <div
            aria-hidden
            className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-accent-soft text-2xl"
          >
            🫙
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-muted">{intro}</p>
        </div>
        {children}
      </Card>
    </div>
  );
}

/** The line under an account form that leads elsewhere ("Remembered it? Sign in"). */
export function AuthAside({
  lead,
  to,
  children,
}: {
  lead: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <p className="text-center text-sm text-muted">
      {lead}{' '}
      <Link to={to} className={textLinkClass}>
        {children}
      </Link>
    </p>
  );
}
