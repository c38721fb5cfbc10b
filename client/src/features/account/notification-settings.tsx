import { useTranslation } from 'react-i18next';
import {
  MAIL_KINDS,
  mayDigest,
  type MailChoice,
  type MailKind,
  type MailSettings,
} from '../../../../common/members/users';
import { Card } from '../../components/ui/card';
import { RadioCards } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMailSettings, useUpdateMailSettings } from './account-api';

function KindLine({
  kind,
  value,
  busy,
  onChange,
}: {
  kind: MailKind;
  value: MailChoice;
  busy: boolean;
  onChange: (choice: MailChoice) => void;
}) {
  const { t } = useTranslation('account');
  const title = t(`mail.kinds.${kind}.title`);
  const about = t(`mail.kinds.${kind}.about`);
  const choices = mayDigest(kind)
    ? (['immediately', 'daily', 'off'] as const)
    : (['immediately', 'off'] as const);
  return (
    <div className="grid gap-1 border-b border-border pb-4 last:border-0 last:pb-0">
      <RadioCards
        id={`mail-${kind}`}
        name={`mail-${kind}`}
        legend={
          <>
            <span className="block text-base font-semibold">{title}</span>
            <span className="block font-normal text-muted">{t('mail.emailsAbout', { about })}</span>
          </>
        }
        options={choices.map((c) => ({ value: c, label: t(`mail.choices.${c}`) }))}
        value={value}
        onValueChange={(choice) => !busy && onChange(choice)}
        // Side by side only where a choice fits whole: at 360 px two columns split "Immediately".
        className="grid-cols-[repeat(auto-fit,minmax(min(100%,9.5rem),1fr))] sm:grid-cols-3"
      />
      {!mayDigest(kind) && <p className="text-xs text-muted">{t('mail.noDigest')}</p>}
    </div>
  );
}

/** /profile's Notifications tab: one line per kind of email, saved as soon as it is chosen. */
export function NotificationSettings() {
  const { t } = useTranslation('account');
  const settings = useMailSettings();
  const update = useUpdateMailSettings();
  if (!settings.data) return <p role="status">{t('mail.loading')}</p>;
  const current: MailSettings = settings.data;
  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold">{t('mail.heading')}</h2>
        <p className="text-sm text-muted">{t('mail.intro')}</p>
      </div>
      {MAIL_KINDS.map((kind) => (
        <KindLine
          key={kind}
          kind={kind}
          value={current[kind]}
          busy={update.isPending}
          onChange={(choice) =>
            update.mutate(
              { [kind]: choice },
              {
                onSuccess: () =>
                  toast({
                    title: t('mail.success'),
                    description: t('mail.saved', {
                      title: t(`mail.kinds.${kind}.title`),
                      choice: t(`mail.savedChoices.${choice}`),
                    }),
                  }),
                onError: (err) =>
                  toastError(errorMessage(err, t('mail.tryAgain')), t('mail.failed')),
              },
            )
          }
        />
      ))}
    </Card>
  );
}
