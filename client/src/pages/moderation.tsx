import { SignInRequired } from '../features/auth/sign-in-required';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useDocumentTitle } from '../lib/use-document-title';

export default function Page() {
  useDocumentTitle('Moderation');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  if (!user) return <SignInRequired message="You need to sign in to access moderation tools." />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Moderation</h1>
    </div>
  );
}
