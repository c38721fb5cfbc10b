import { AuthCard } from '../features/auth/auth-card';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';

export default function Page() {
  useDocumentTitle(pages.forgotPassword.title);
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter your email and we'll send you a link to choose a new one."
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
