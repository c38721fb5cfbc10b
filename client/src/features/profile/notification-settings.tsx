import {
  MAIL_KINDS,
  mailKindLabels,
  mayDigest,
  type MailChoice,
  type MailKind,
  type MailSettings,
} from '../../../../common/users';
import { Card } from '../../components/ui/card';
import { RadioCards } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMailSettings, useUpdateMailSettings } from './profile-api';

const choiceLabels: Record<MailChoice, string> = {
  immediately: 'Immediately',
  daily: 'Daily digest',
  off: 'Off',
};

/** Why a kind has no digest, said where the digest would be. */
const NO_DIGEST =
  'No daily digest for these: they are about one moment, or ask for an answer within hours.';

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
  const { title, about } = mailKindLabels[kind];
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
            <span className="block font-normal text-muted">Emails about {about}</span>
          </>
        }
        options={choices.map((c) => ({ value: c, label: choiceLabels[c] }))}
        value={value}
        onValueChange={(choice) => !busy && onChange(choice)}
        // Side by side only where a choice fits whole: at 360 px two columns split "Immediately".
        className="grid-cols-[repeat(auto-fit,minmax(min(100%,9.5rem),1fr))] sm:grid-cols-3"
      />
      {!mayDigest(kind) && <p className="text-xs text-muted">{NO_DIGEST}</p>}
    </div>
  );
}

/** /profile's Notifications tab: one line per kind of email, saved as soon as it is chosen. */
export function NotificationSettings() {
  const settings = useMailSettings();
  const update = useUpdateMailSettings();
  if (!settings.data) return <p role="status">Loading...</p>;
  const current: MailSettings = settings.data;
  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold">Email Notifications</h2>
        <p className="text-sm text-muted">
          Choose how each kind of news reaches you. Every email&apos;s &ldquo;Stop these
          emails&rdquo; link stops its own kind only.
        </p>
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
                    title: 'Success!',
                    description: `${mailKindLabels[kind].title}: ${choiceLabels[choice].toLowerCase()}.`,
                  }),
                onError: (err) =>
                  toastError(
                    errorMessage(err, 'Something went wrong. Please try again.'),
                    'Failed to save your email settings',
                  ),
              },
            )
          }
        />
      ))}
    </Card>
  );
}
