import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FamilyKeepers } from '../../../../common/cultures/culture-backups';
import { ActionRow } from '../../components/ui/action-row';
import { MutationButton } from '../../components/ui/mutation-button';
import { toastFailure } from '../../components/ui/toast';
import { useDeclineAsk } from './backups-api';

/**
 * Asks for a portion of the member's backup of this family (decision 173): who asked, and
 * "Say no" — one tap, no reason asked. Once said, a line says the asker was told kindly.
 */
export function KeeperAsks({
  starterId,
  asks,
}: {
  starterId: number;
  asks: FamilyKeepers['asksToMe'];
}) {
  const { t } = useTranslation('living');
  const headingId = useId();
  const decline = useDeclineAsk(starterId);
  const [declined, setDeclined] = useState<string | null>(null);
  if (asks.length === 0 && declined === null) return null;
  return (
    <div className="grid gap-2" role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        {t('backups.asksToMe')}
      </h3>
      {asks.length > 0 && (
        <ul className="grid gap-2">
          {asks.map((ask) => (
            <ActionRow key={ask.id}>
              <p className="min-w-0 wrap-anywhere">
                {t('backups.askedYou', { name: ask.askerName })}
              </p>
              <MutationButton
                size="sm"
                variant="outline"
                aria-label={t('backups.sayNoName', { name: ask.askerName })}
                mutation={decline}
                variables={ask.id}
                outcome={{
                  onSuccess: () => setDeclined(ask.askerName),
                  onError: toastFailure(t('backups.sayNoFailed')),
                }}
              >
                {t('backups.sayNo')}
              </MutationButton>
            </ActionRow>
          ))}
        </ul>
      )}
      <p role="status" className="text-sm text-muted">
        {declined !== null && t('backups.saidNo', { name: declined })}
      </p>
    </div>
  );
}
