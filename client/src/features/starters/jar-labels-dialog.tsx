import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Printer } from 'lucide-react';
import { LABELS_MAX } from '../../../../common/cultures/labels';
import type { Starter } from '../../../../common/listings/starters';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, NativeSelect, RadioCards } from '../../components/ui/form-controls';
import { paths } from '../../lib/paths';

type Layout = 'sheet' | 'single';

/**
 * "Print jar labels" (decision 157): how many labels and on what, then the PDF opens in a new
 * tab. Each label printed carries a new code that records one portion's hand-over.
 */
export function JarLabelsDialog({
  starter,
  count: startCount = starter.portionsLeft,
  open,
  onOpenChange,
}: {
  starter: Pick<Starter, 'id' | 'portionsLeft'>;
  /** How many labels it offers first: by default, one for each portion left. */
  count?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('starters');
  const countId = useId();
  const layoutId = useId();
  const [count, setCount] = useState(() => Math.min(LABELS_MAX, Math.max(1, startCount)));
  const [layout, setLayout] = useState<Layout>('sheet');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('labels.title')} description={t('labels.lead')}>
        <div className="grid gap-4">
          <Field id={countId} label={t('labels.count')}>
            <NativeSelect
              id={countId}
              value={count}
              onChange={(event) => setCount(Number(event.target.value))}
            >
              {Array.from({ length: LABELS_MAX }, (_, i) => (
                <option key={i + 1} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <RadioCards<Layout>
            id={layoutId}
            legend={t('labels.layout')}
            value={layout}
            onValueChange={setLayout}
            options={[
              { value: 'sheet', label: t('labels.sheet') },
              { value: 'single', label: t('labels.single') },
            ]}
          />
          <Button asChild className="justify-self-start">
            <a href={paths.jarLabelsPdf(starter.id, count, layout)} target="_blank" rel="noopener">
              <Printer className="size-4" aria-hidden />
              {t('labels.open')}
            </a>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * "Print jar labels" beside a reservation of the giver's listing (a thread's hand-over bar):
 * the same dialog as the listing's menu, one label first, for the portion reserved.
 */
export function PrintLabelsButton({ starterId }: { starterId: number }) {
  const { t } = useTranslation('starters');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Printer className="size-4" aria-hidden />
        {t('labels.menu')}
      </Button>
      {open && (
        <JarLabelsDialog
          starter={{ id: starterId, portionsLeft: 1 }}
          count={1}
          open={open}
          onOpenChange={setOpen}
        />
      )}
    </>
  );
}
