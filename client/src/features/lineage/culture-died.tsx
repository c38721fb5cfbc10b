import { useId, useState } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DIED_REASONS, diedSchema, type Holder } from '../../../../common/cultures/culture-backups';
import { ActionRow } from '../../components/ui/action-row';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { RadioCardsField } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDistanceText } from '../../lib/unit-system';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useAskKeeper, useCultureDied } from './backups-api';

/**
 * "It died" on a culture the member received (decision 161): what happened, then the nearest
 * members of its family who could give it again — open listings first, then backup keepers —
 * each with "Ask".
 */
export function CultureDied({ starterId, title }: { starterId: number; title: string }) {
  const { t } = useTranslation('living');
  const [open, setOpen] = useState(false);
  const [holders, setHolders] = useState<Holder[] | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setHolders(null);
      }}
    >
      <DialogPrimitive.Trigger asChild>
        <Button variant="outline" size="sm" className="mt-2">
          {t('backups.itDied')}
        </Button>
      </DialogPrimitive.Trigger>
      {open && (
        <DialogContent
          title={t('backups.title', { title })}
          description={holders ? t('backups.holdersIntro') : t('backups.description')}
        >
          {holders ? (
            <HolderList starterId={starterId} holders={holders} />
          ) : (
            <ReasonForm starterId={starterId} onHolders={setHolders} />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function ReasonForm({
  starterId,
  onHolders,
}: {
  starterId: number;
  onHolders: (holders: Holder[]) => void;
}) {
  const { t } = useTranslation('living');
  const id = useId();
  const died = useCultureDied(starterId);
  const form = useZodForm(diedSchema, { defaultValues: { reason: undefined } });
  const reasons = DIED_REASONS.map((value) => ({ value, label: t(`backups.reasons.${value}`) }));
  const submit = form.handleSubmit(async (values) => {
    try {
      onHolders((await died.mutateAsync(values.reason)).holders);
    } catch (err) {
      showServerFieldErrors(form, err, ['reason']);
      toastError(errorMessage(err, t('backups.failed')));
    }
  });
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <RadioCardsField
        form={form}
        name="reason"
        id={`${id}-reason`}
        legend={t('backups.whatHappened')}
        options={reasons}
        className="sm:grid-cols-2"
      />
      <DialogActions>
        <Button type="submit" disabled={died.isPending}>
          {died.isPending ? t('backups.finding') : t('backups.findBackup')}
        </Button>
      </DialogActions>
    </form>
  );
}

function HolderList({ starterId, holders }: { starterId: number; holders: Holder[] }) {
  const { t } = useTranslation('living');
  const distanceText = useDistanceText();
  const navigate = useNavigate();
  const ask = useAskKeeper(starterId);
  const [asked, setAsked] = useState<string | null>(null);
  if (holders.length === 0) return <p className="text-muted">{t('backups.none')}</p>;

  const onAsk = async (h: Holder) => {
    if (!h.keeper && h.starterId !== undefined) {
      void navigate(paths.conversation.href(h.starterId, h.memberId));
      return;
    }
    try {
      const { starterId: listing } = await ask.mutateAsync(h.memberId);
      if (listing !== null) {
        void navigate(paths.conversation.href(listing, h.memberId));
        return;
      }
      setAsked(h.memberId);
      toast({
        title: t('backups.askedTitle'),
        description: t('backups.asked', { name: h.memberName }),
      });
    } catch (err) {
      toastError(errorMessage(err, t('backups.askFailed')));
    }
  };

  return (
    <ul className="grid gap-2">
      {holders.map((h) => (
        <ActionRow key={h.memberId}>
          <div className="min-w-0">
            <p className="font-medium wrap-anywhere">{h.memberName}</p>
            <p className="text-sm text-muted">
              {[
                h.keeper ? t('backups.keeper') : t('backups.listing'),
                h.place,
                h.distanceKm === null ? null : distanceText(h.distanceKm),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <Button
            size="sm"
            disabled={ask.isPending || asked === h.memberId}
            aria-label={t('backups.askName', { name: h.memberName })}
            onClick={() => void onAsk(h)}
          >
            {asked === h.memberId ? t('backups.askedButton') : t('backups.ask')}
          </Button>
        </ActionRow>
      ))}
    </ul>
  );
}
