import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FamilyKeepers } from '../../../../common/cultures/culture-backups';
import { Button } from '../../components/ui/button';
import { toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
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
  const sayNo = (ask: FamilyKeepers['asksToMe'][number]) =>
    decline.mutate(ask.id, {
      onSuccess: () => setDeclined(ask.askerName),
      onError: (err) => toastError(errorMessage(err, t('backups.sayNoFailed'))),
    });
  return (
    <div className="grid gap-2" role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        {t('backups.asksToMe')}
      </h3>
      {asks.length > 0 && (
        <ul className="grid gap-2">
          {asks.map((ask) => (
            <li
              key={ask.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
            >
              <p className="min-w-0 wrap-anywhere">
                {t('backups.askedYou', { name: ask.askerName })}
              </p>
              <Button
                size="sm"
                variant="outline"
                disabled={decline.isPending}
                aria-label={t('backups.sayNoName', { name: ask.askerName })}
                onClick={() => sayNo(ask)}
              >
                {t('backups.sayNo')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="text-sm text-muted">
        {declined !== null && t('backups.saidNo', { name: declined })}
      </p>
    </div>
  );
}
