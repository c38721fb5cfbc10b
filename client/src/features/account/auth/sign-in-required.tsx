import { useLocation } from 'react-router';
import { LogIn } from 'lucide-react';
import { PageMessage } from '../../../components/ui/message-card';
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
    <PageMessage icon={LogIn} title={t('required.title')} text={message}>
      <SignInChoices next={location.pathname + location.search} />
      {children}
    </PageMessage>
  );
}
