import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { format } from 'date-fns';
import { CheckCircle2, CloudOff, Sprout } from 'lucide-react';
import type { LabelView } from '../../../../common/cultures/labels';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiError, errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { dateLocale } from '../../lib/i18n';
import { useMessageText } from '../../lib/message-text';
import { paths } from '../../lib/paths';
import { signInHref } from '../../lib/sign-in-return';
import { useLabel, useReceiveLabel } from './labels-api';
import { useQueuedScan } from './scan-outbox';

/**
 * The page a jar label's QR code opens (decision 157): the culture on the label and, for a
 * signed-in member who is not its giver, one button that records receiving it. A used code
 * says who has the jar now; a visitor is asked to sign in and comes back here. The care card
 * and the family (`details`, drawn by other features) follow whichever it is.
 */
export function JarLabelView({
  code,
  details,
}: {
  code: string;
  details: (label: LabelView) => ReactNode;
}) {
  const { t } = useTranslation('pages');
  const say = useMessageText();
  const label = useLabel(code);
  if (label.isPending) return <p role="status">{t('jar.loading')}</p>;
  if (label.isError) {
    const missing = label.error instanceof ApiError && label.error.status === 404;
    return (
      <Card className="grid gap-3 p-6">
        <h1 className="text-2xl font-bold">{t('jar.notFoundTitle')}</h1>
        <p>{missing ? t('jar.notFound') : say(errorMessage(label.error, t('jar.failed')))}</p>
      </Card>
    );
  }
  const view = label.data;
  return (
    <div className="grid gap-6">
      <Card className="grid gap-4 p-5 sm:p-6">
        <LabelFacts view={view} />
        <ReceivePart view={view} code={code} />
      </Card>
      {details(view)}
    </div>
  );
}

function LabelFacts({ view }: { view: LabelView }) {
  const { t } = useTranslation('pages');
  return (
    <div className="grid gap-1">
      <h1 className="flex items-start gap-2 text-2xl font-bold">
        <Sprout className="mt-1 size-6 shrink-0 text-sage" aria-hidden />
        <span>{t('jar.heading', { title: view.title })}</span>
      </h1>
      {view.giverName && <p>{t('jar.fromGiver', { name: view.giverName })}</p>}
      <p className="text-sm text-muted-foreground">
        {t(`jar.forms.${view.form}`)}
        {view.lastFedAt &&
          ` · ${t('jar.fed', { date: format(new Date(view.lastFedAt), 'PP', { locale: dateLocale() }) })}`}
      </p>
    </div>
  );
}

/** What the reader can do with the label: receive it, sign in first, or read who has it. */
function ReceivePart({ view, code }: { view: LabelView; code: string }) {
  const { t } = useTranslation('pages');
  const say = useMessageText();
  const { user, isLoading } = useCurrentUser();
  const receive = useReceiveLabel(code, user?.id);
  const queued = useQueuedScan(code);
  const done = useRef<HTMLParagraphElement>(null);
  const errorId = useId();
  const received = (receive.isSuccess && receive.data !== 'queued') || view.receivedByMe;
  useEffect(() => {
    if (receive.isSuccess) done.current?.focus();
  }, [receive.isSuccess]);

  if (queued && !received) {
    return (
      <p ref={done} tabIndex={-1} role="status" className="flex items-start gap-2 font-medium">
        <CloudOff className="mt-0.5 size-5 shrink-0 text-sage" aria-hidden />
        {t('jar.queued')}
      </p>
    );
  }

  if (received) {
    return (
      <p ref={done} tabIndex={-1} role="status" className="flex items-start gap-2 font-medium">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-sage" aria-hidden />
        {t('jar.received', { name: view.giverName })}
      </p>
    );
  }
  if (view.holderName !== null) {
    return (
      <p role="status">
        {view.holderName ? t('jar.used', { name: view.holderName }) : t('jar.usedNobody')}
      </p>
    );
  }
  if (view.mine) return <p>{t('jar.mine')}</p>;
  if (isLoading) return null;
  if (!user) {
    return (
      <Button asChild className="justify-self-start">
        <Link to={signInHref(paths.jar.href(code))}>{t('jar.signIn')}</Link>
      </Button>
    );
  }
  return (
    <div className="grid gap-3">
      <p>{t('jar.receiveLead', { name: view.giverName })}</p>
      <Button
        className="justify-self-start"
        disabled={receive.isPending}
        aria-describedby={receive.isError ? errorId : undefined}
        onClick={() => receive.mutate()}
      >
        {receive.isPending ? t('jar.receiving') : t('jar.receive')}
      </Button>
      {receive.isError && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {say(errorMessage(receive.error, t('jar.failed')))}
        </p>
      )}
    </div>
  );
}
