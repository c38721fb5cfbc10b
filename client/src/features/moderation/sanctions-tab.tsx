import { useId, useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../../common/members/display';
import {
  liftSanctionSchema,
  MODERATION_REASON_MAX_LENGTH,
  type SanctionItem,
} from '../../../../common/moderation/moderation';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { timeAgo } from '../../lib/time';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useLiftSanction, useSanctions } from './moderation-api';
import { ModerationList } from './moderation-list';
import { useDateText } from './texts';

export function SanctionsTab() {
  const { t } = useTranslation('moderation');
  const id = useId();
  const [showAll, setShowAll] = useState(false);
  const sanctions = useSanctions(!showAll);

  return (
    <div className="grid gap-5">
      <div className="flex items-center gap-2">
        <input
          id={`${id}-all`}
          type="checkbox"
          checked={showAll}
          onChange={(e) => setShowAll(e.target.checked)}
          className="size-4 accent-[var(--accent)]"
        />
        <label htmlFor={`${id}-all`} className="text-sm font-medium">
          {t('sanctions.includeAll')}
        </label>
      </div>
      <ModerationList
        query={sanctions}
        label={t('sanctions.list')}
        failed={t('sanctions.failed')}
        empty={{ icon: ShieldCheck, title: t('sanctions.empty'), text: t('sanctions.emptyText') }}
        emptyLevel="h3"
      >
        {(sanction) => <SanctionCard sanction={sanction} />}
      </ModerationList>
    </div>
  );
}

function SanctionCard({ sanction }: { sanction: SanctionItem }) {
  const { t } = useTranslation('moderation');
  const { dateTime } = useDateText();
  const [liftOpen, setLiftOpen] = useState(false);
  const name = displayName(sanction.user, t('people.member'));
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{name}</h3>
          <Badge tone={sanction.kind === 'ban' ? 'danger' : 'accent'}>
            {sanction.kind === 'ban' ? t('sanctions.banned') : t('sanctions.suspended')}
          </Badge>
          {!sanction.active && (
            <Badge tone="muted">
              {sanction.liftedAt ? t('sanctions.lifted') : t('sanctions.expired')}
            </Badge>
          )}
        </div>
        <time dateTime={sanction.createdAt} className="text-sm text-muted">
          {timeAgo(sanction.createdAt)}
        </time>
      </div>
      <p className="mt-3 text-sm wrap-anywhere whitespace-pre-line">{sanction.reason}</p>
      <p className="mt-2 text-xs text-muted">
        {[
          sanction.kind === 'ban'
            ? t('sanctions.noEnd')
            : t('sanctions.until', { date: dateTime(sanction.endsAt!) }),
          t('sanctions.by', {
            name: displayName(sanction.createdBy, t('people.aFormerModerator')),
          }),
          sanction.liftedAt &&
            t('sanctions.liftedBy', {
              name: displayName(sanction.liftedBy, t('people.aFormerModerator')),
              time: timeAgo(sanction.liftedAt),
            }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {sanction.active && (
        <Button className="mt-4" size="sm" variant="outline" onClick={() => setLiftOpen(true)}>
          {t('sanctions.lift')}
        </Button>
      )}
      <LiftDialog sanction={sanction} name={name} open={liftOpen} onOpenChange={setLiftOpen} />
    </Card>
  );
}

function LiftDialog({
  sanction,
  name,
  open,
  onOpenChange,
}: {
  sanction: SanctionItem;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('moderation');
  const say = useMessageText();
  const id = useId();
  const form = useZodForm(liftSanctionSchema, { defaultValues: { reason: '' } });
  const lift = useLiftSanction();

  const onSubmit = form.handleSubmit(({ reason }) =>
    lift.mutate(
      { id: sanction.id, reason },
      {
        onSuccess: () => {
          toast({ title: t('shared.success'), description: t('sanctions.liftedToast', { name }) });
          form.reset();
          onOpenChange(false);
        },
        onError: (err) => {
          showServerFieldErrors(form, err, ['reason']);
          toastError(say(errorMessage(err, t('sanctions.liftFailed'))));
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('sanctions.liftTitle', { name })}>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <TextareaField
            form={form}
            name="reason"
            id={`${id}-reason`}
            label={t('shared.reason')}
            maxLength={MODERATION_REASON_MAX_LENGTH}
          />
          <DialogActions>
            <Button type="submit" disabled={lift.isPending}>
              {lift.isPending ? t('shared.saving') : t('sanctions.lift')}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
