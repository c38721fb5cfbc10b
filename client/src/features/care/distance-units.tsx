import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '../../components/ui/form-controls';
import { useUnitSystem } from '../../lib/unit-system';

/** Kilometres or miles: the same choice as the care cards' metric/imperial toggle. */
export function DistanceUnits() {
  const { t } = useTranslation();
  const id = useId();
  const [system, setSystem] = useUnitSystem();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t('units.label')}
      </label>
      <NativeSelect
        id={id}
        value={system}
        onChange={(e) => setSystem(e.target.value === 'imperial' ? 'imperial' : 'metric')}
      >
        <option value="metric">{t('units.km')}</option>
        <option value="imperial">{t('units.mi')}</option>
      </NativeSelect>
    </div>
  );
}
