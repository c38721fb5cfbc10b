import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, fieldAria } from '../../components/ui/form-controls';
import { FormSend } from '../../components/ui/form-send';
import { NativeSelect, Textarea } from '../../components/ui/inputs';
import { errorMessage, fieldErrors } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { useMessageText } from '../../lib/message-text';
import { paths } from '../../lib/paths';
import { daysLeft, renewalDue } from '../../lib/renewal';
import { AskedFor, askDate, useAskerName, useAskWhat } from './ask-card';
import { useAsk, useAskAction, useHelpWithAsk, useMyListings } from './asks-api';
import type { Ask } from '../../../../common/listings/asks';

/** The help form's fields, which show the server's messages about them. */
const HELP_FIELDS = ['starterId', 'content'] as const;

/** "I can help": offer one of my open listings of this kind; the conversation opens. */
function HelpForm({ ask }: { ask: Ask }) {
  const { t } = useTranslation('account');
  const askWhat = useAskWhat();
  const askerName = useAskerName();
  const id = useId();
  const navigate = useNavigate();
  const listings = useMyListings(true);
  const help = useHelpWithAsk(ask.id);
  const mine = (listings.data ?? []).filter(
    (s) => s.category === ask.category && s.isActive && !s.isClaimed && !s.removedAt,
  );
  const [starterId, setStarterId] = useState('');
  const [content, setContent] = useState(() =>
    t('asks.detail.greeting', { name: askerName(ask), what: askWhat(ask) }),
  );
  const fields = fieldErrors(help.error);
  if (listings.isPending) return <p role="status">{t('asks.detail.loadingListings')}</p>;
  if (mine.length === 0)
    return (
      <div className="grid gap-3">
        <p>{t('asks.detail.shareFirst')}</p>
        <Button asChild className="justify-self-start">
          <Link to={paths.post}>{t('asks.detail.share')}</Link>
        </Button>
      </div>
    );
  const chosen = starterId || String(mine[0]!.id);
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        help.mutate(
          { starterId: Number(chosen), content },
          {
            onSuccess: (answer) =>
              navigate(paths.conversation.href(answer.starterId, answer.receiverId)),
          },
        );
      }}
    >
      <Field id={`${id}-listing`} label={t('asks.detail.listing')} error={fields.starterId}>
        <NativeSelect
          value={chosen}
          onChange={(e) => setStarterId(e.target.value)}
          {...fieldAria(`${id}-listing`, fields.starterId)}
        >
          {mine.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={`${id}-message`} label={t('asks.detail.message')} error={fields.content}>
        <Textarea
          value={content}
          onChange={(e) => setContent(e.target.value)}
          {...fieldAria(`${id}-message`, fields.content)}
        />
      </Field>
      <FormSend sending={help} shownFields={HELP_FIELDS} failure={t('asks.detail.couldNotSend')}>
        {t('asks.detail.help')}
      </FormSend>
    </form>
  );
}

/**
 * The owner's buttons: close when fulfilled, delete, and renew — for a closed ask (it opens
 * again), or by the listings' rule once its end is near or past.
 */
function OwnerActions({ ask }: { ask: Ask }) {
  const { t } = useTranslation('account');
  const action = useAskAction(ask.id);
  const navigate = useNavigate();
  const renewable = !!ask.closedAt || renewalDue(daysLeft(ask.expiresAt, new Date()));
  return (
    <div className="flex flex-wrap gap-3">
      {!ask.closedAt && (
        <Button variant="outline" onClick={() => action.mutate('close')}>
          {t('asks.detail.close')}
        </Button>
      )}
      {renewable && (
        <Button variant="outline" onClick={() => action.mutate('renew')}>
          {t('asks.detail.renew')}
        </Button>
      )}
      <Button
        variant="outline"
        onClick={() => action.mutate('delete', { onSuccess: () => navigate(paths.browseAsks) })}
      >
        {t('asks.detail.delete')}
      </Button>
    </div>
  );
}

export function AskDetailView({ id }: { id: number }) {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const askWhat = useAskWhat();
  const askerName = useAskerName();
  const { user } = useCurrentUser();
  const query = useAsk(id);
  if (query.isPending) return <p role="status">{t('asks.detail.loading')}</p>;
  if (query.isError)
    return (
      <Card className="p-10 text-center" role="alert">
        <h1 className="text-lg font-semibold">
          {say(errorMessage(query.error, t('asks.detail.notFound')))}
        </h1>
        <Button asChild variant="outline" className="mt-4">
          <Link to={paths.browseAsks}>{t('asks.detail.back')}</Link>
        </Button>
      </Card>
    );
  const ask = query.data;
  const own = user?.id === ask.user.id;
  return (
    <Card className="grid gap-4 p-6">
      <AskedFor ask={ask} />
      <h1 className="text-2xl font-bold tracking-tight">
        {askWhat(ask)}
        {ask.search ? ` — ${ask.search}` : ''}
      </h1>
      {ask.note && <p className="whitespace-pre-line">{ask.note}</p>}
      <p className="text-sm text-muted">
        {t(ask.closedAt ? 'asks.detail.askedByClosed' : 'asks.detail.askedBy', {
          name: askerName(ask),
          date: askDate(ask.expiresAt),
        })}
      </p>
      {own ? (
        <OwnerActions ask={ask} />
      ) : user ? (
        <HelpForm ask={ask} />
      ) : (
        <Button asChild className="justify-self-start">
          <Link to={paths.login}>{t('asks.detail.signInToHelp')}</Link>
        </Button>
      )}
    </Card>
  );
}
