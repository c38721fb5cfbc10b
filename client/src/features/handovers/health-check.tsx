import { useId } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  HEALTH_CHECKS,
  type HealthCheck,
  type HealthCheckKey,
} from '../../../../common/conversations/handovers';
import { cn } from '../../lib/cn';

export type HealthCheckInput = Partial<Record<HealthCheckKey, boolean>>;

/** The giver's three optional ticks when marking a portion given. */
export function HealthCheckFields({
  value,
  onChange,
}: {
  value: HealthCheckInput;
  onChange: (value: HealthCheckInput) => void;
}) {
  const { t } = useTranslation('conversations');
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{t('health.legend')}</legend>
      {HEALTH_CHECKS.map((check) => (
        <label
          key={check.key}
          htmlFor={`${id}-${check.key}`}
          className={cn(
            'flex cursor-pointer items-center gap-3 rounded-xl border border-border p-3 text-sm hover:bg-surface-muted',
            'has-[:checked]:border-sage has-[:checked]:bg-sage-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent',
          )}
        >
          <input
            id={`${id}-${check.key}`}
            type="checkbox"
            checked={value[check.key] === true}
            onChange={(e) => onChange({ ...value, [check.key]: e.target.checked })}
            className="size-4 accent-[var(--color-sage)]"
          />
          {t(`health.labels.${check.key}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** "Health check by the giver: no mold ✓ · smells right ✓" — nothing when none was ticked. */
export function HealthCheckLine({
  check,
  by = 'giver',
  className,
}: {
  check: HealthCheck | null;
  /** Whose check: the giver's (the default), or "you" for the giver themselves. */
  by?: 'giver' | 'you';
  className?: string;
}) {
  const { t } = useTranslation('conversations');
  const ticked = check
    ? HEALTH_CHECKS.filter((c) => check[c.key]).map((c) => `${t(`health.shown.${c.key}`)} ✓`)
    : [];
  if (ticked.length === 0) return null;
  const text = t('health.line', {
    by: by === 'you' ? t('health.you') : t('health.theGiver'),
    checks: ticked.join(' · '),
  });
  return (
    <p className={cn('flex items-center gap-1.5 text-sm text-sage', className)}>
      <ShieldCheck className="size-4 shrink-0" aria-hidden />
      {text}
    </p>
  );
}
