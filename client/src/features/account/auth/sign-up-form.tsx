import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { signUpFormSchema } from '../../../../../common/members/auth';
import { PASSWORD_MIN_LENGTH } from '../../../../../common/site/constants';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-controls';
import { EmailField, NewPasswordFields } from '../../../components/ui/account-fields';
import { toast, toastError } from '../../../components/ui/toast';
import { errorMessage, isNetworkError } from '../../../lib/api';
import { useSignUp } from './auth-api';
import { paths } from '../../../lib/paths';
import { pageLinks, textLinkClass } from '../../../lib/page-links';
import { showServerFieldErrors, useZodForm } from '../../../lib/use-zod-form';
import { withNextPath } from '../../../../../common/site/return-path';
import { readArrival, type JoinArrival } from './arrivals';
import { Trans, useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/message-text';

const SENT_FIELDS = ['email', 'password', 'firstName', 'lastName'] as const;

/** The two name boxes, side by side: each labelled `signup.<name>`, filled in by the browser. */
const NAME_FIELDS = [
  { name: 'firstName', id: 'signup-first-name', autoComplete: 'given-name' },
  { name: 'lastName', id: 'signup-last-name', autoComplete: 'family-name' },
] as const;

/**
 * The /signup form (spec §2, §5): on success the member signs in at /login. The way back
 * (`next`) goes with the sign-up, so the confirmation mail's link carries it too.
 */
export function SignUpForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const arrival = readArrival(useLocation().state);
  const signUp = useSignUp();
  const { t } = useTranslation('auth');
  const say = useMessageText();
  const form = useZodForm(signUpFormSchema, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      agreeTerms: arrival.agreedTerms === true,
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync({ ...values, next: next ?? undefined });
      toast({
        title: t('signup.created'),
        description: t('signup.createdText'),
      });
      // The sign-in form starts with the address just used, and says a link went there.
      navigate(withNextPath(paths.login, next), {
        state: { emailed: values.email } satisfies JoinArrival,
      });
    } catch (err) {
      if (isNetworkError(err)) {
        toastError(say('Network error. Please try again.'), t('signup.failed'));
        return;
      }
      showServerFieldErrors({ setError }, err, SENT_FIELDS);
      toastError(say(errorMessage(err, 'Something went wrong')), t('signup.failed'));
    }
  });

  const busy = signUp.isPending;
  const e = errors;
  return (
    <div className="grid gap-6">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {NAME_FIELDS.map((field) => (
            <TextField key={field.name} form={form} {...field} label={t(`signup.${field.name}`)} />
          ))}
        </div>
        <EmailField form={form} name="email" id="signup-email" label={t('signup.email')} />
        <NewPasswordFields
          form={form}
          name="password"
          id="signup-password"
          label={t('signup.password')}
          hint={t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          confirmId="signup-confirm-password"
          confirmLabel={t('signup.confirmPassword')}
        />
        <div className="grid gap-1.5">
          <div className="flex items-start gap-3">
            <input
              id="signup-agree-terms"
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-accent"
              aria-invalid={e.agreeTerms ? true : undefined}
              aria-describedby={
                [
                  arrival.agreedTerms && 'signup-agreed-where',
                  e.agreeTerms && 'signup-agree-terms-error',
                ]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              {...register('agreeTerms')}
            />
            <label htmlFor="signup-agree-terms" className="text-sm">
              <Trans t={t} i18nKey="signup.agree2" components={pageLinks} />
            </label>
          </div>
          {arrival.agreedTerms && (
            // Ticked because the member agreed on /join a moment ago: it says so, and where.
            <p id="signup-agreed-where" className="ps-8 text-sm text-muted">
              <Trans
                t={t}
                i18nKey="signup.agreedOnJoin"
                components={{
                  join: <Link to={withNextPath(paths.join, next)} className={textLinkClass} />,
                }}
              />
            </p>
          )}
          {e.agreeTerms && (
            <p id="signup-agree-terms-error" role="alert" className="text-sm text-danger">
              {e.agreeTerms.message && say(e.agreeTerms.message)}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" disabled={busy} className="mt-2 w-full">
          {busy ? t('signup.busy') : t('signup.submit')}
        </Button>
      </form>
      <p className="text-center text-sm text-muted">
        {t('signup.haveAccount')}{' '}
        <Link to={withNextPath(paths.login, next)} className={textLinkClass}>
          {t('signup.signIn')}
        </Link>
      </p>
    </div>
  );
}
