import { useId } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';

/** Beside the /post form: what may be shared, and that nothing is sold. */
export function CommunityRulesCard() {
  const { t } = useTranslation('starters');
  const id = useId();
  return (
    <Card className="bg-sage-soft p-5 sm:p-6" role="note" aria-labelledby={`${id}-rules`}>
      <h2 id={`${id}-rules`} className="flex items-center gap-2 font-semibold text-sage">
        <ShieldCheck className="size-5" aria-hidden />
        {t('rules.title')}
      </h2>
      <ul className="mt-3 grid list-disc gap-2 ps-5 text-sm">
        <li>{t('rules.healthy')}</li>
        <li>{t('rules.free')}</li>
        <li>{t('rules.honest')}</li>
        <li>{t('rules.care')}</li>
      </ul>
    </Card>
  );
}
