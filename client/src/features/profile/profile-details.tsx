import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../common/members/users';

/** View mode of /profile: each detail, or 'Not set' (spec §2). */
export function ProfileDetails({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const rows: Array<[string, string | null]> = [
    [t('details.username'), user.username],
    [t('details.email'), user.email],
    [t('details.location'), user.location],
    [t('details.contactInfo'), user.contactInfo],
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-xl bg-surface-muted/60 px-4 py-3">
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
          <dd className={value ? 'mt-1 wrap-anywhere' : 'mt-1 text-muted italic'}>
            {value || t('details.notSet')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
