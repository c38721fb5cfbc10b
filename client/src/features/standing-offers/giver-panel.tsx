import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { displayName } from '../../../../common/members/display';
import { type StandingOfferView } from '../../../../common/conversations/standing-offers';
import { Button } from '../../components/ui/button';
import { MutationButton } from '../../components/ui/mutation-button';
import { toast, toastFailure, toastOutcome } from '../../components/ui/toast';
import {
  useEndStandingOffer,
  useOfferRoundNow,
  usePauseStandingOffer,
} from './standing-offers-api';
import { whenLocal, offerTerms } from './offer-text';
import { SettingsForm } from './settings-form';

function EndOfferButton({ starterId }: { starterId: number }) {
  const { t } = useTranslation('living');
  const end = useEndStandingOffer(starterId);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm">
          {t('offers.giver.end')}
        </Button>
      }
      title={t('offers.giver.endTitle')}
      description={t('offers.giver.endBody')}
      cancel={t('offers.giver.keep')}
      action={t('offers.giver.endIt')}
      destructive
      busy={end.isPending}
      onConfirm={(close) =>
        end.mutate(undefined, {
          onSuccess: () => {
            close();
            toast({ title: t('offers.giver.ended') });
          },
          onError: toastFailure(t('offers.giver.endFailed')),
        })
      }
    />
  );
}

/** The giver's side: set the offer up, pause it, offer a round now, see who was offered. */
export function GiverPanel({ view }: { view: StandingOfferView }) {
  const { t } = useTranslation('living');
  const starterId = view.starterId;
  const [editing, setEditing] = useState(false);
  const pause = usePauseStandingOffer(starterId);
  const round = useOfferRoundNow(starterId);
  const offer = view.offer;

  if (!offer || editing) {
    return (
      <>
        {!offer && !editing && (
          <>
            <p className="text-sm text-muted">{t('offers.giver.intro')}</p>
            <Button className="justify-self-start" onClick={() => setEditing(true)}>
              {t('offers.giver.setUp')}
            </Button>
          </>
        )}
        {editing && (
          <SettingsForm starterId={starterId} initial={offer} onDone={() => setEditing(false)} />
        )}
      </>
    );
  }

  return (
    <>
      <p className="text-sm">{offerTerms(offer, t)}</p>
      <p className="text-sm text-muted" role="status">
        {offer.paused
          ? t('offers.giver.waitingPaused', { count: view.queueLength })
          : t('offers.giver.waitingNext', {
              count: view.queueLength,
              when: whenLocal(offer.nextRoundAt),
            })}
      </p>
      <div className="flex flex-wrap gap-2">
        <MutationButton
          size="sm"
          disabled={offer.paused}
          mutation={round}
          variables={undefined}
          outcome={toastOutcome(
            { title: t('offers.giver.roundOffered'), description: t('offers.giver.offersWentOut') },
            t('offers.giver.roundFailed'),
          )}
        >
          {t('offers.giver.roundNow')}
        </MutationButton>
        <MutationButton
          size="sm"
          variant="outline"
          mutation={pause}
          variables={!offer.paused}
          outcome={toastOutcome(
            { title: t(offer.paused ? 'offers.giver.resumed' : 'offers.giver.paused') },
            t('offers.giver.pauseFailed'),
          )}
        >
          {t(offer.paused ? 'offers.giver.resume' : 'offers.giver.pause')}
        </MutationButton>
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          {t('offers.giver.edit')}
        </Button>
        <EndOfferButton starterId={starterId} />
      </div>
      <div>
        <h3 className="text-sm font-semibold">{t('offers.giver.offered')}</h3>
        {view.offers && view.offers.length > 0 ? (
          <ul className="mt-2 grid gap-1 text-sm">
            {view.offers.map((o) => (
              <li key={o.id} className="flex flex-wrap justify-between gap-2">
                <span className="font-medium">{displayName(o.member, t('common.anonymous'))}</span>
                <span className="text-muted">
                  {o.status === 'pending'
                    ? t('offers.giver.until', {
                        status: t('offers.giver.status.pending'),
                        when: whenLocal(o.answerBy),
                      })
                    : t(`offers.giver.status.${o.status}`)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted">{t('offers.giver.nobodyYet')}</p>
        )}
      </div>
    </>
  );
}
