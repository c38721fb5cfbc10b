import { useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/auth-card';
import { ResetPasswordForm } from '../features/auth/reset-password-form';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';

export default function Page() {
  useDocumentTitle(pages.resetPassword.title);
  const [params] = useSearchParams();
  return (
    <AuthCard title="Choose a new password" intro="Pick something you haven't used here before.">
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </AuthCard>
  );
}
