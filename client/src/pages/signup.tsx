import { SignedOutOnly } from '../app/signed-out-only';
import { AuthCard } from '../features/auth/auth-card';
import { SignUpForm } from '../features/auth/sign-up-form';
import { useDocumentTitle } from '../lib/use-document-title';

export default function Page() {
  useDocumentTitle('Create Account');
  return (
    <SignedOutOnly>
      <AuthCard
        title="Create Account"
        intro="Join neighbours sharing fermentation starters for free."
      >
        <SignUpForm />
      </AuthCard>
    </SignedOutOnly>
  );
}
