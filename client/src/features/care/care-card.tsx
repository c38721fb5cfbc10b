import { Fragment, useId, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { BookHeart, Heart, Thermometer, Trash2, Truck, Utensils, Warehouse } from 'lucide-react';
import {
  formatQuantity,
  splitQuantities,
  type Quantity,
  type UnitSystem,
} from '../../../../common/cultures/care-cards/quantities';
import type { CareCard as CareCardData } from '../../../../common/cultures/care-cards/schema';
import { CULTURE_FORMS, type CultureForm } from '../../../../common/cultures/cultures';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadingNote, Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { tapPageLinks } from '../../lib/page-links';
import { localeTag } from '../../lib/i18n';
import { useCareCard } from './care-api';
import { useUnitSystem } from '../../lib/unit-system';

/**
 * "1.8 oz", "1 cup" as the page's language writes them ("1,8 oz", "1 taza"): its decimal
 * separator, and its word for a cup. The other units are symbols every language shares.
 */
function useQuantityText(): (quantity: Quantity, system: UnitSystem) => string {
  const { t } = useTranslation('starters');
  const decimal =
    new Intl.NumberFormat(localeTag()).formatToParts(1.5).find((p) => p.type === 'decimal')
      ?.value ?? '.';
  return (quantity, system) => {
    const text = formatQuantity(quantity, system);
    const space = text.indexOf(' ');
    const figures = text.slice(0, space).replaceAll('.', decimal);
    const unit = text.slice(space + 1);
    return `${figures} ${unit === 'cup' ? t('care.cup') : unit === 'cups' ? t('care.cups') : unit}`;
  };
}

/** Card text with every quantity in the chosen units. */
function Text({ text, system }: { text: string; system: UnitSystem }) {
  const quantityText = useQuantityText();
  return (
    <>
      {splitQuantities(text).map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <span key={i} className="font-medium whitespace-nowrap">
            {quantityText(part, system)}
          </span>
        ),
      )}
    </>
  );
}

function Section({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Heart;
  title: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid content-start gap-1.5">
      <h3 id={id} className="flex items-center gap-2 font-semibold">
        <Icon className="size-4 shrink-0 text-sage" aria-hidden />
        {title}
      </h3>
      <div className="grid gap-1.5 text-sm leading-relaxed">{children}</div>
    </section>
  );
}

function List({ items, system }: { items: readonly string[]; system: UnitSystem }) {
  return (
    <ul className="grid list-disc gap-1 ps-5">
      {items.map((item) => (
        <li key={item}>
          <Text text={item} system={system} />
        </li>
      ))}
    </ul>
  );
}

/** Metric or imperial, as two pressed/unpressed buttons; the choice is remembered. */
export function UnitToggle({
  system,
  onChange,
}: {
  system: UnitSystem;
  onChange: (system: UnitSystem) => void;
}) {
  const { t } = useTranslation('starters');
  const options: Array<[UnitSystem, string]> = [
    ['metric', t('care.metric')],
    ['imperial', t('care.imperial')],
  ];
  return (
    <div
      role="group"
      aria-label={t('care.units')}
      className="inline-flex rounded-full border border-border p-0.5"
    >
      {options.map(([value, label]) => (
        <button
          key={value}
          type="button"
          aria-pressed={system === value}
          onClick={() => onChange(value)}
          className={cn(
            'tap relative rounded-full px-3 py-1 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-focus',
            system === value ? 'bg-accent text-accent-fg' : 'text-muted hover:text-text',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

function GiverNotes({ notes }: { notes: string }) {
  const { t } = useTranslation('starters');
  return (
    <section
      aria-label={t('care.fromGiver')}
      className="rounded-xl border border-accent/30 bg-accent-soft/60 p-4 text-sm leading-relaxed"
    >
      <p className="wrap-anywhere whitespace-pre-line">
        <span className="font-semibold">{t('care.fromGiverLead')}</span>
        {notes}
      </p>
    </section>
  );
}

/** The card's body, given the card (exported for tests and for anything that has the data). */
export function CareCardView({
  card,
  form,
  careNotes,
  askGiver,
}: {
  card: CareCardData;
  form?: CultureForm;
  careNotes?: string | null;
  /** Under "Throw it away if you see": how to ask the giver with a photo (the page's part). */
  askGiver?: ReactNode;
}) {
  const { t } = useTranslation('starters');
  const quantityText = useQuantityText();
  const headingId = useId();
  const [system, setSystem] = useUnitSystem();
  // The form this culture comes in first; then the others the card covers.
  const forms = CULTURE_FORMS.filter((f) => card.wake[f]).sort(
    (a, b) => Number(b === form) - Number(a === form),
  );
  const temperature = {
    value: card.temperatureC.min,
    to: card.temperatureC.max,
    unit: '°C' as const,
  };
  // Most cards' notes already name the range ("Ferments best at {26–32 °C}…"): say it once.
  const noteNamesRange = splitQuantities(card.temperatureNote).some(
    (part) =>
      typeof part !== 'string' &&
      part.unit === '°C' &&
      part.value === temperature.value &&
      part.to === temperature.to,
  );
  return (
    <Card className="grid gap-5 p-5 sm:p-6" aria-labelledby={headingId} role="region">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="flex items-center gap-2 text-sm font-medium text-sage">
            <BookHeart className="size-4" aria-hidden />
            {t('care.label')}
          </p>
          <h2 id={headingId} className="text-xl font-bold">
            {card.title}
          </h2>
        </div>
        <UnitToggle system={system} onChange={setSystem} />
      </div>
      <p className="text-sm leading-relaxed text-muted">
        <Text text={card.summary} system={system} />
      </p>
      {careNotes && <GiverNotes notes={careNotes} />}
      <div className="grid gap-5 md:grid-cols-2">
        <Section icon={Utensils} title={t('care.feeding')}>
          <p>
            <Text text={card.eats} system={system} />
          </p>
          <p>
            <Text text={card.feeding.ratio} system={system} />
          </p>
          <p>
            <Text text={card.feeding.schedule} system={system} />
          </p>
          <p className="font-medium">{t('care.feedAtLeast', { days: card.feedWithinDays })}</p>
        </Section>
        <Section icon={Thermometer} title={t('care.temperature')}>
          {!noteNamesRange && (
            <p>
              <Trans
                t={t}
                i18nKey="care.happiest"
                values={{ range: quantityText(temperature, system) }}
                components={{ range: <span className="font-medium whitespace-nowrap" /> }}
              />
            </p>
          )}
          <p>
            <Text text={card.temperatureNote} system={system} />
          </p>
        </Section>
        <Section icon={Warehouse} title={t('care.storing')}>
          <List items={card.storage} system={system} />
        </Section>
        <Section icon={Truck} title={t('care.waking')}>
          {forms.map((f) => (
            <div key={f}>
              <p className="font-medium">
                {f === form
                  ? t('care.thisOne', { form: t(`care.arrives.${f}`) })
                  : t(`care.arrives.${f}`)}
              </p>
              <List items={card.wake[f]!} system={system} />
            </div>
          ))}
        </Section>
        <Section icon={Heart} title={t('care.healthy')}>
          <p>
            <Text text={card.healthy.looks} system={system} />
          </p>
          <p>
            <Text text={card.healthy.smells} system={system} />
          </p>
        </Section>
        <Section icon={Trash2} title={t('care.discard')}>
          <List items={card.discard} system={system} />
          <p>
            <Trans t={t} i18nKey="care.moreIn" components={tapPageLinks} />
          </p>
          {askGiver}
        </Section>
      </div>
    </Card>
  );
}

/**
 * The care card for a listing's subcategory, fetched when the page needs it, with the giver's
 * own notes on it ("From the giver: …").
 */
export function CareCard({
  subcategory,
  form,
  careNotes,
  askGiver,
}: {
  subcategory: string;
  form?: CultureForm;
  careNotes?: string | null;
  askGiver?: ReactNode;
}) {
  const { t } = useTranslation(['starters', 'browse']);
  const query = useCareCard(subcategory);
  if (query.data) {
    return <CareCardView card={query.data} form={form} careNotes={careNotes} askGiver={askGiver} />;
  }
  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      {query.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-medium">{t('care.failed')}</p>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('browse:results.tryAgain')}
          </Button>
        </div>
      ) : (
        <>
          <LoadingNote>{t('care.loading')}</LoadingNote>
          <Skeleton className="h-6 w-48" aria-hidden />
          <Skeleton className="h-24 w-full" aria-hidden />
        </>
      )}
      {careNotes && <GiverNotes notes={careNotes} />}
    </Card>
  );
}
