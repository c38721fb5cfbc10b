import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as Checkbox from '@radix-ui/react-checkbox';
import { Check, Gift, HeartHandshake, Lock, ShieldCheck, Sprout, UserPlus } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';
import { paths } from '../lib/paths';
import { SignedOutOnly } from '../app/signed-out-only';
import { withNextPath } from '../../../common/return-path';
import type { JoinArrival } from '../features/auth/arrivals';

const link = 'font-medium text-accent-hover underline underline-offset-4 dark:text-accent';

const terms = [
  {
    icon: Gift,
    title: 'Everything is free',
    text: 'I will never sell a starter, ask for money or charge hidden fees.',
  },
  {
    icon: ShieldCheck,
    title: 'Only healthy cultures',
    text: 'I will share only healthy, active starters and be honest about their condition.',
  },
  {
    icon: Sprout,
    title: 'Fermentation starters only',
    text: 'I will post living starters, not prepared foods or store-bought products.',
  },
  {
    icon: HeartHandshake,
    title: 'Respectful communication',
    text: 'I will be kind, clear about pickup and respectful of other members’ privacy.',
  },
  {
    icon: Lock,
    title: 'At my own risk',
    text: 'I understand that starters are shared and used at my own risk, and that moderators may remove posts or suspend accounts that break the rules.',
  },
];

function JoinTerms() {
  useDocumentTitle(pages.join.title);
  const [agreed, setAgreed] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const checkboxId = useId();

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <Card className="p-6 sm:p-10">
        <div className="text-center">
          <div className="mx-auto mb-5 flex size-16 items-center justify-center rounded-2xl bg-accent-soft">
            <UserPlus className="size-8 text-accent-hover dark:text-accent" aria-hidden />
          </div>
          <h1 className="text-3xl font-bold tracking-tight">Join the Community</h1>
          <p className="mt-3 text-muted">
            CultureShare is a gift economy built on trust. Before you create an account, please read
            and agree to these terms.
          </p>
        </div>

        <h2 className="mt-8 text-lg font-semibold">Terms Summary</h2>
        <ul className="mt-4 grid gap-4">
          {terms.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-xl bg-surface-muted p-4">
              <Icon className="mt-0.5 size-5 shrink-0 text-sage" aria-hidden />
              <p className="text-sm leading-relaxed">
                <strong className="font-semibold">{title}.</strong> {text}
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted">
          The full details are in our{' '}
          <Link to={paths.rules} className={link}>
            Community Rules
          </Link>
          ,{' '}
          <Link to={paths.safety} className={link}>
            Safety Guidelines
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy} className={link}>
            Privacy Policy
          </Link>
          .
        </p>

        <div className="mt-8 flex items-start gap-3 rounded-xl border border-border p-4">
          <Checkbox.Root
            id={checkboxId}
            checked={agreed}
            onCheckedChange={(value) => setAgreed(value === true)}
            className="mt-0.5 flex size-5 shrink-0 cursor-pointer items-center justify-center rounded-md border-2 border-muted bg-surface data-[state=checked]:border-accent data-[state=checked]:bg-accent"
          >
            <Checkbox.Indicator>
              <Check className="size-3.5 text-accent-fg" strokeWidth={3} aria-hidden />
            </Checkbox.Indicator>
          </Checkbox.Root>
          <label htmlFor={checkboxId} className="cursor-pointer text-sm font-medium">
            I have read and agree to the Community Rules, Safety Guidelines and Privacy Policy
          </label>
        </div>

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => navigate(paths.home)}>
            I Decline - Go Back
          </Button>
          <Button
            disabled={!agreed}
            // The way back goes on; having just agreed here, the sign-up form's box comes ticked.
            onClick={() =>
              navigate(withNextPath(paths.signup, params.get('next')), {
                state: { agreedTerms: true } satisfies JoinArrival,
              })
            }
          >
            I Agree - Create Account
          </Button>
        </div>
      </Card>
    </div>
  );
}

export default function JoinPage() {
  return (
    <SignedOutOnly>
      <JoinTerms />
    </SignedOutOnly>
  );
}
