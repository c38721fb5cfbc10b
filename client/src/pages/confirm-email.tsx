import { useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/auth-card';
import { ConfirmEmail } from '../features/auth/confirm-email';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';

export default function Page() {
  useDocumentTitle(pages.confirmEmail.title);
  const [params] = useSearchParams();
  return (
    <AuthCard title="Confirm your email" intro="One click and you're all set.">
      <ConfirmEmail token={params.get('token') ?? ''} next={params.get('next')} />
    </AuthCard>
  );
}
