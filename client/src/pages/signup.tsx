import { SignedOutOnly } from '../app/signed-out-only';
import { AuthCard } from '../features/auth/auth-card';
import { SignUpForm } from '../features/auth/sign-up-form';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';

export default function Page() {
  useDocumentTitle(pages.signup.title);
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
