import { SignedOutOnly } from '../app/signed-out-only';
import { AuthCard } from '../features/auth/auth-card';
import { SignInForm } from '../features/auth/sign-in-form';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';

export default function Page() {
  useDocumentTitle(pages.login.title);
  return (
    <SignedOutOnly>
      <AuthCard title="Sign In" intro="Welcome back to the CultureShare community.">
        <SignInForm />
      </AuthCard>
    </SignedOutOnly>
  );
}
