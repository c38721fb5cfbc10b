import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../lib/current-user';
import { nextFromSearch } from '../lib/sign-in-return';

/** Sign-in, sign-up and join pages: a signed-in member is sent on instead of being offered them. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  if (user) return <Navigate to={nextFromSearch(params)} replace />;
  return children;
}
