import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { KeyRound, MailCheck } from 'lucide-react';
import { useWatch, type Control } from 'react-hook-form';
import { signInSchema, type SignInInput } from '../../../../../common/members/auth';
import { Button } from '../../../components/ui/button';
import { MutationButton } from '../../../components/ui/mutation-button';
import { EmailField, PasswordField } from '../../../components/ui/account-fields';
import { toast, toastError, toastFailure } from '../../../components/ui/toast';
import { ApiError, errorMessage, isNetworkError } from '../../../lib/api';
import { useSite } from '../../../lib/site';
import { useRequestSignInLink, useSignIn } from './auth-api';
import { takeLoginError } from './login-error';
import { paths } from '../../../lib/paths';
import { nextFromSearch } from '../../../lib/sign-in-return';
import { withNextPath } from '../../../../../common/site/return-path';
import { readArrival } from './arrivals';
import { showServerFieldErrors, useZodForm } from '../../../lib/use-zod-form';
import { Trans, useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/message-text';

/**
 * Password sign-in paused after too many failed tries: the owner can still come in through a
 * link mailed to the address typed above.
 */
function SignInLinkOffer({ control }: { control: Control<SignInInput> }) {
  const { t } = useTranslation('auth');
  const say = useMessageText();
  const link = useRequestSignInLink();
  const email = useWatch({ control, name: 'email' });
  return (
    <div role="status" className="grid gap-3 rounded-xl bg-accent-soft p-4 text-sm">
      {link.isSuccess ? (
        <p>{say(link.data.message)}</p>
      ) : (
        <>
          <p>{t('signin.paused')}</p>
          <MutationButton
            variant="outline"
            className="justify-self-start"
            mutation={link}
            variables={{ email }}
            outcome={{ onError: toastFailure('Please try again.', t('signin.couldNotSend')) }}
            busy={t('signin.sending')}
          >
            {t('signin.sendLink')}
          </MutationButton>
        </>
      )}
    </div>
  );
}

/**
 * The /login form: email and password, then home (spec §2, §4, §8). `alternatives` (a passkey
 * button) sit under it, with the external provider's.
 */
export function SignInForm({
  alternatives,
}: {
  alternatives?: (done: () => void) => ReactNode;
} = {}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Just signed up: the address used (router state, never the URL: decision 048).
  const { emailed } = readArrival(useLocation().state);
  const signIn = useSignIn();
  const { data: site } = useSite();
  const form = useZodForm(signInSchema, {
    defaultValues: { email: emailed ?? '', password: '' },
  });
  const { handleSubmit, setError } = form;
  // Too many failed tries lock password sign-in for a while, perhaps by a stranger's doing.
  const [locked, setLocked] = useState(false);
  const { t } = useTranslation('auth');
  const say = useMessageText();

  useEffect(() => {
    // An external sign-in that failed comes back here with the server's reason.
    const reason = takeLoginError();
    if (reason) toastError(reason, t('signin.failed'));
    // Taken once: a later run (the language changing) finds nothing left to say.
  }, [t]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
      toast({ title: t('signin.welcome'), description: t('signin.welcomeText') });
      // Back to the page whose prompt asked for a sign-in.
      navigate(nextFromSearch(params));
    } catch (err) {
      if (isNetworkError(err)) {
        toastError(say('Network error. Please try again.'), t('signin.failed'));
        return;
      }
      if (err instanceof ApiError && err.status === 429) setLocked(true);
      showServerFieldErrors({ setError }, err, ['email', 'password']);
      toastError(say(errorMessage(err, 'Invalid email or password')), t('signin.failed'));
    }
  });

  const busy = signIn.isPending;
  return (
    <div className="grid gap-6">
      {emailed && (
        <p
          role="status"
          className="flex items-start gap-3 rounded-xl bg-accent-soft p-3 text-sm wrap-anywhere"
        >
          <MailCheck
            className="mt-0.5 size-5 shrink-0 text-accent-hover dark:text-accent"
            aria-hidden
          />
          <span>
            <Trans
              t={t}
              i18nKey="signin.emailed"
              values={{ email: emailed }}
              components={{ strong: <strong /> }}
            />
          </span>
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <EmailField form={form} name="email" id="login-email" label={t('signin.email')} />
        <PasswordField
          form={form}
          name="password"
          id="login-password"
          label={t('signin.password')}
        />
        <Link
          to={paths.forgotPassword}
          className="-mt-2 inline-flex min-h-11 items-center justify-self-end text-sm text-accent-hover underline underline-offset-4 dark:text-accent"
        >
          {t('signin.forgot')}
        </Link>
        <Button type="submit" size="lg" disabled={busy} className="mt-2 w-full">
          {busy ? t('signin.busy') : t('signin.submit')}
        </Button>
      </form>

      {locked && <SignInLinkOffer control={form.control} />}

      {(site?.externalSignIn || alternatives) && (
        <div className="flex items-center gap-3 text-xs tracking-wide text-muted uppercase">
          <span className="h-px flex-1 bg-border" aria-hidden />
          {t('signin.or')}
          <span className="h-px flex-1 bg-border" aria-hidden />
        </div>
      )}
      {alternatives?.(() => navigate(nextFromSearch(params)))}
      {site?.externalSignIn && (
        // A full-page navigation: the provider's pages cannot load inside the app.
        <Button asChild variant="outline" size="lg" className="w-full">
          <a href={paths.externalSignIn}>
            <KeyRound className="size-4" aria-hidden />
            {t('signin.external', { name: site.externalSignIn.name })}
          </a>
        </Button>
      )}

      <p className="text-center text-sm text-muted">
        {t('signin.noAccount')}{' '}
        <Link
          to={withNextPath(paths.signup, params.get('next'))}
          className="font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
        >
          {t('signin.signUp')}
        </Link>
      </p>
    </div>
  );
}
