import { Fingerprint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast, toastError } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useMessageText } from '../../../lib/message-text';
import { usePasskeySignIn } from './passkeys-api';

/** /login: sign in with a passkey, beside the password form. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const signIn = usePasskeySignIn();
  const start = async () => {
    try {
      await signIn.mutateAsync();
      toast({
        title: t('passkeys.signIn.welcome'),
        description: t('passkeys.signIn.welcomeText'),
      });
      onSignedIn();
    } catch (err) {
      const cancelled =
        err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError');
      toastError(
        cancelled ? t('passkeys.signIn.noneUsed') : errorMessage(err, say('Please try again.')),
        t('passkeys.signIn.failed'),
      );
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      disabled={signIn.isPending}
      onClick={() => void start()}
    >
      <Fingerprint className="size-4" aria-hidden />
      {signIn.isPending ? t('passkeys.signIn.checking') : t('passkeys.signIn.use')}
    </Button>
  );
}
