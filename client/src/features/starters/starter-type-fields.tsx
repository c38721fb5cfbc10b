import { useId, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  categories,
  findCategory,
  OTHER_SUBCATEGORY,
  subcategoryLabel,
} from '../../../../common/listings/catalogue';
import { STARTER_TITLE_MAX_LENGTH } from '../../../../common/listings/starters';
import { Field, fieldAria, NativeSelect, TextField } from '../../components/ui/form-controls';
import type { PostStarterFormApi } from './post-starter-values';

/**
 * Category, then the starter type within it, then the specific type (filled in from the type,
 * editable). A new category starts the type over.
 */
export function StarterTypeFields({ form }: { form: PostStarterFormApi }) {
  const { t } = useTranslation(['starters', 'common']);
  const id = useId();
  // A type's name in the page's language: what "Specific Type" starts from, and the option.
  const typeName = (categoryKey: string, key: string) =>
    key === OTHER_SUBCATEGORY
      ? t('type.other')
      : t(`common:subcategories.${key}` as 'common:subcategories.kefir', {
          defaultValue: subcategoryLabel(categoryKey, key),
        });
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const category = findCategory(useWatch({ control, name: 'category' }));
  const subcategory = useWatch({ control, name: 'subcategory' });
  const ids = {
    category: `${id}-category`,
    subcategory: `${id}-subcategory`,
    starterType: `${id}-starter-type`,
  };

  const categoryField = register('category', {
    onChange: () => {
      setValue('subcategory', '');
      setValue('starterType', '');
    },
  });
  const subcategoryField = register('subcategory', {
    onChange: (e: ChangeEvent<HTMLSelectElement>) => {
      const key = e.target.value;
      setValue('starterType', key ? typeName(category?.key ?? '', key) : '', {
        shouldValidate: !!errors.starterType,
      });
    },
  });

  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={ids.category} label={t('type.category')} error={errors.category?.message}>
          <NativeSelect {...categoryField} {...fieldAria(ids.category, errors.category?.message)}>
            <option value="">{t('type.selectCategory')}</option>
            {categories.map((c) => (
              <option key={c.key} value={c.key}>
                {c.emoji} {t(`common:categories.${c.key}` as 'common:categories.other')}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          id={ids.subcategory}
          label={t('type.starterType')}
          error={errors.subcategory?.message}
        >
          <NativeSelect
            {...subcategoryField}
            {...fieldAria(ids.subcategory, errors.subcategory?.message)}
            disabled={!category}
          >
            <option value="">
              {category ? t('type.selectType') : t('type.chooseCategoryFirst')}
            </option>
            {category?.subcategories.map((s) => (
              <option key={s.key} value={s.key}>
                {typeName(category.key, s.key)}
              </option>
            ))}
            {category && <option value={OTHER_SUBCATEGORY}>{t('type.other')}</option>}
          </NativeSelect>
        </Field>
      </div>
      {subcategory ? (
        <TextField
          form={form}
          name="starterType"
          id={ids.starterType}
          label={t('type.specificType')}
          maxLength={STARTER_TITLE_MAX_LENGTH}
        />
      ) : null}
    </>
  );
}
