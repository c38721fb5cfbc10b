import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useFamilyKeepers, useKeepBackup } from './backups-api';
import { KeeperAsks } from './keeper-asks';

/**
 * The family's backup keepers on its family tree, and "I keep a fridge copy of this family"
 * for a member who holds a culture of it (decision 161).
 */
export function FamilyKeepers({ starterId }: { starterId: number }) {
  const { t } = useTranslation('living');
  const headingId = useId();
  const query = useFamilyKeepers(starterId);
  const keep = useKeepBackup(starterId);
  if (!query.data) return null;
  const { keepers, mayKeep, keeping, asksToMe } = query.data;
  if (keepers.length === 0 && !mayKeep && asksToMe.length === 0) return null;
  const toggle = () =>
    keep.mutate(!keeping, {
      onError: (err) => toastError(errorMessage(err, t('backups.keepFailed'))),
    });
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('backups.keepers')}
      </h2>
      {keepers.length === 0 ? (
        <p className="text-muted">{t('backups.noKeepers')}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {keepers.map((k, i) => (
            <li key={i}>
              <span className="font-medium">{k.memberName}</span>
              {k.place && <span className="text-muted"> · {k.place}</span>}
            </li>
          ))}
        </ul>
      )}
      <KeeperAsks starterId={starterId} asks={asksToMe} />
      {mayKeep && (
        <div>
          <Button
            variant="outline"
            size="sm"
            aria-pressed={keeping}
            disabled={keep.isPending}
            onClick={toggle}
          >
            {t('backups.keepToggle')}
          </Button>
          <p className="mt-1 text-sm text-muted">
            {t(keeping ? 'backups.keepingNote' : 'backups.keepNote')}
          </p>
        </div>
      )}
    </section>
  );
}
