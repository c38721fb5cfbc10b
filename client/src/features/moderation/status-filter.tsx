import { useTranslation } from 'react-i18next';
import { Label, NativeSelect } from '../../components/ui/form-controls';

/** The "Status" select above a moderation list (reports, appeals). */
export function StatusFilter<S extends string>({
  id,
  value,
  statuses,
  labels,
  onChange,
}: {
  id: string;
  value: S;
  statuses: readonly S[];
  labels: Record<S, string>;
  onChange: (status: S) => void;
}) {
  const { t } = useTranslation('moderation');
  return (
    <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
      <Label htmlFor={id}>{t('shared.status')}</Label>
      <NativeSelect
        id={id}
        className="sm:w-64"
        value={value}
        onChange={(e) => onChange(e.target.value as S)}
      >
        {statuses.map((s) => (
          <option key={s} value={s}>
            {labels[s]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
