import { Button } from '../../components/ui/button';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { useResendConfirmation } from './auth-api';

/** Across the top of every page until the signed-in member confirms their address. */
export function UnconfirmedBanner() {
  const { user } = useCurrentUser();
  const resend = useResendConfirmation();
  if (!user || user.emailVerified) return null;

  const onResend = async () => {
    try {
      const notice = await resend.mutateAsync();
      toast({ title: 'Link sent', description: notice.message });
    } catch (err) {
      toastError(errorMessage(err, 'Something went wrong. Please try again.'), 'Could not send');
    }
  };
  return (
    <aside
      aria-label="Confirm your email address"
      className="border-b border-border bg-accent-soft px-4 py-2 text-sm"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2">
        <p>
          Please confirm your email address: we sent a link to <strong>{user.email}</strong>. Until
          then you can browse, but not share, message or report.
        </p>
        <Button size="sm" variant="outline" onClick={onResend} disabled={resend.isPending}>
          {resend.isPending ? 'Sending…' : 'Send a new link'}
        </Button>
      </div>
    </aside>
  );
}
