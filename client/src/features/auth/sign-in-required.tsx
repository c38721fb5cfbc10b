import { useLocation } from 'react-router';
import { LogIn } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { SignInChoices } from './sign-in-choices';
import { useTranslation } from 'react-i18next';

/** The 'Sign In Required' prompt signed-out visitors see on member pages. */
export function SignInRequired({
  message,
  children,
}: {
  message: string;
  children?: React.ReactNode;
}) {
  const location = useLocation();
  const { t } = useTranslation('auth');
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="p-8 text-center">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-accent-soft">
          <LogIn className="size-6 text-accent" aria-hidden />
        </div>
        <h1 className="text-2xl font-bold">{t('required.title')}</h1>
        <p className="mt-2 text-muted">{message}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <SignInChoices next={location.pathname + location.search} />
          {children}
        </div>
      </Card>
    </div>
  );
}
