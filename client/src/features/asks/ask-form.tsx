import { useId, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ASK_DEFAULT_DAYS,
  ASK_NOTE_MAX_LENGTH,
  ASK_SEARCH_MAX_LENGTH,
} from '../../../../common/asks';
import { type AlertFrequency } from '../../../../common/alerts';
import { AlertFrequencyOptions } from '../../lib/alert-frequency-options';
import { categories } from '../../../../common/catalogue';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, fieldAria } from '../../components/ui/form-controls';
import { Input, NativeSelect, Textarea } from '../../components/ui/inputs';
import { ApiError, errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { paths } from '../../lib/paths';
import { useCategoryName, useSubcategoryName } from '../../lib/catalogue-text';
import { usePostAsk } from './asks-api';

export type PlaceField = (props: {
  id: string;
  value: string;
  onChange: (place: string) => void;
}) => ReactNode;

/** "Ask for a Starter": what, where, a note and how long; pre-filled from browse's question. */
export function AskForm({ placeField, place }: { placeField: PlaceField; place?: string }) {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const categoryName = useCategoryName();
  const subcategoryName = useSubcategoryName();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = useId();
  const post = usePostAsk();
  const [category, setCategory] = useState(params.get('category') ?? '');
  const [subcategory, setSubcategory] = useState(params.get('subcategory') ?? '');
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [location, setLocation] = useState(place ?? '');
  const [note, setNote] = useState('');
  const [days, setDays] = useState(String(ASK_DEFAULT_DAYS));
  const [frequency, setFrequency] = useState<AlertFrequency>('immediate');
  const found = categories.find((c) => c.key === category);
  const fields = post.error instanceof ApiError ? (post.error.fields ?? {}) : {};

  return (
    <Card className="p-6">
      <form
        noValidate
        className="grid gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          post.mutate(
            { category, subcategory, search, location, note, days, frequency },
            { onSuccess: ({ id: askId }) => navigate(paths.ask.href(askId)) },
          );
        }}
      >
        <Field id={`${id}-category`} label={t('asks.category')} error={fields.category}>
          <NativeSelect
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              setSubcategory('');
            }}
            {...fieldAria(`${id}-category`, fields.category)}
          >
            <option value="">{t('asks.form.chooseCategory')}</option>
            {categories.map((c) => (
              <option key={c.key} value={c.key}>
                {categoryName(c.key)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-type`} label={t('asks.type')} error={fields.subcategory}>
          <NativeSelect
            value={subcategory}
            onChange={(e) => setSubcategory(e.target.value)}
            {...fieldAria(`${id}-type`, fields.subcategory)}
          >
            <option value="">{t('asks.form.chooseType')}</option>
            {found?.subcategories.map((s) => (
              <option key={s.key} value={s.key}>
                {subcategoryName(found.key, s.key)}
              </option>
            ))}
            {found && <option value="other">{t('asks.form.other')}</option>}
          </NativeSelect>
        </Field>
        <Field id={`${id}-search`} label={t('asks.form.words')} error={fields.search}>
          <Input
            value={search}
            maxLength={ASK_SEARCH_MAX_LENGTH}
            onChange={(e) => setSearch(e.target.value)}
            {...fieldAria(`${id}-search`, fields.search)}
          />
        </Field>
        <Field id={`${id}-location`} label={t('asks.location')} error={fields.location}>
          {placeField({ id: `${id}-location`, value: location, onChange: setLocation })}
        </Field>
        <Field id={`${id}-note`} label={t('asks.form.note')} error={fields.note}>
          <Textarea
            value={note}
            maxLength={ASK_NOTE_MAX_LENGTH}
            onChange={(e) => setNote(e.target.value)}
            {...fieldAria(`${id}-note`, fields.note)}
          />
        </Field>
        <Field id={`${id}-days`} label={t('asks.form.days')} error={fields.days}>
          <Input
            type="number"
            min={1}
            max={90}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            {...fieldAria(`${id}-days`, fields.days)}
          />
        </Field>
        <Field
          id={`${id}-frequency`}
          label={t('asks.form.frequency')}
          hint={t('asks.form.frequencyHint')}
          error={fields.frequency}
        >
          <NativeSelect
            value={frequency}
            onChange={(e) => setFrequency(e.target.value as AlertFrequency)}
            {...fieldAria(`${id}-frequency`, fields.frequency, true)}
          >
            <AlertFrequencyOptions />
          </NativeSelect>
        </Field>
        {post.isError && !Object.keys(fields).length && (
          <p role="alert" className="text-sm text-danger">
            {say(errorMessage(post.error, t('asks.form.couldNotPost')))}
          </p>
        )}
        <Button type="submit" disabled={post.isPending} className="justify-self-start">
          {t('asks.form.submit')}
        </Button>
      </form>
    </Card>
  );
}
