import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PUSH_KINDS, type PushSettings } from '../../../../common/notifications/push';
import { Card } from '../../components/ui/card';
import { toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { PushDeniedError, pushSupported } from '../../lib/push-subscription';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import {
  usePushSettings,
  useSetThisDevicePush,
  useThisDevicePush,
  useUpdatePushSettings,
} from './push-api';

function Switch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center justify-between gap-4">
      <label htmlFor={id} className="grid cursor-pointer">
        <span className="font-medium">{label}</span>
        {hint && <span className="text-sm text-muted">{hint}</span>}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className={cn(
          'relative h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full border border-border bg-surface-muted transition-colors',
          'before:absolute before:top-0.5 before:start-0.5 before:size-5.5 before:rounded-full before:bg-muted before:transition-transform',
          'checked:border-accent checked:bg-accent checked:before:translate-x-5 rtl:checked:before:-translate-x-5 checked:before:bg-accent-fg',
          'disabled:cursor-not-allowed disabled:opacity-60',
        )}
      />
    </div>
  );
}

/** The toast for a change that did not take (the browser's refusal, or the server's word). */
function useFailed() {
  const { t } = useTranslation('account');
  return (err: unknown) =>
    toastError(
      err instanceof PushDeniedError ? t('push.blocked') : errorMessage(err, t('mail.tryAgain')),
      t('push.failed'),
    );
}

/** "Notify me on this device": the only place the browser is asked for permission. */
function ThisDeviceSwitch({ hint }: { hint?: string }) {
  const { t } = useTranslation('account');
  const failed = useFailed();
  const device = useThisDevicePush();
  const setDevice = useSetThisDevicePush();
  return (
    <Switch
      label={t('push.thisDevice')}
      hint={hint}
      checked={device.data ?? false}
      disabled={device.isLoading || setDevice.isPending}
      onChange={(next) => setDevice.mutate(next, { onError: failed })}
    />
  );
}

/**
 * The notification centre's push switch: this device on or off, and a link to the kinds. Shown
 * only where the browser can take pushes; nothing is asked until the member presses it.
 */
export function PushOptIn() {
  const { t } = useTranslation('account');
  const headingId = useId();
  if (!pushSupported()) return null;
  return (
    <Card className="grid gap-2 p-4 sm:p-5">
      <section aria-labelledby={headingId} className="grid gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('push.heading')}
        </h2>
        <ThisDeviceSwitch hint={t('push.intro')} />
        <Link
          to={paths.mailSettings}
          className="inline-flex min-h-11 items-center text-sm font-medium underline underline-offset-2"
        >
          {t('push.chooseKinds')}
        </Link>
      </section>
    </Card>
  );
}

/**
 * The Notifications tab's push part: this device on or off (the browser asks for permission only
 * here and in the notification centre, never on page load), then which kinds, and whether
 * message text is shown.
 */
export function PushSettingsCard() {
  const { t } = useTranslation('account');
  const failed = useFailed();
  const supported = pushSupported();
  const settings = usePushSettings();
  const update = useUpdatePushSettings();
  const change = (patch: Partial<PushSettings>) => update.mutate(patch, { onError: failed });
  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold">{t('push.heading')}</h2>
        <p className="text-sm text-muted">{t('push.intro')}</p>
      </div>
      {!supported ? (
        <p className="text-sm text-muted">{t('push.unsupported')}</p>
      ) : (
        <ThisDeviceSwitch />
      )}
      {settings.data && (
        <fieldset className="grid gap-2 border-t border-border pt-4">
          <legend className="sr-only">{t('push.whatToPush')}</legend>
          {PUSH_KINDS.map((kind) => (
            <Switch
              key={kind}
              label={t(`push.kinds.${kind}`)}
              checked={settings.data[kind]}
              disabled={update.isPending}
              onChange={(next) => change({ [kind]: next })}
            />
          ))}
          <Switch
            label={t('push.hideText')}
            hint={t('push.hideTextHint')}
            checked={settings.data.hideMessageText}
            disabled={update.isPending}
            onChange={(next) => change({ hideMessageText: next })}
          />
        </fieldset>
      )}
    </Card>
  );
}
