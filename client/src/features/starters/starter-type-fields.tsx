import { useId, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import {
  categories,
  findCategory,
  OTHER_SUBCATEGORY,
  OTHER_SUBCATEGORY_LABEL,
  subcategoryLabel,
} from '../../../../common/catalogue';
import { STARTER_TITLE_MAX_LENGTH } from '../../../../common/starters';
import { Field, fieldAria, NativeSelect, TextField } from '../../components/ui/form-controls';
import type { PostStarterFormApi } from './post-starter-values';

/**
 * Category, then the starter type within it, then the specific type (filled in from the type,
 * editable). A new category starts the type over.
 */
export function StarterTypeFields({ form }: { form: PostStarterFormApi }) {
  const id = useId();
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
      setValue('starterType', key ? subcategoryLabel(category?.key ?? '', key) : '', {
        shouldValidate: !!errors.starterType,
      });
    },
  });

  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={ids.category} label="Category" error={errors.category?.message}>
          <NativeSelect {...categoryField} {...fieldAria(ids.category, errors.category?.message)}>
            <option value="">Select a category</option>
            {categories.map((c) => (
              <option key={c.key} value={c.key}>
                {c.emoji} {c.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={ids.subcategory} label="Starter Type" error={errors.subcategory?.message}>
          <NativeSelect
            {...subcategoryField}
            {...fieldAria(ids.subcategory, errors.subcategory?.message)}
            disabled={!category}
          >
            <option value="">
              {category ? 'Select a starter type' : 'Choose a category first'}
            </option>
            {category?.subcategories.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
            {category && <option value={OTHER_SUBCATEGORY}>{OTHER_SUBCATEGORY_LABEL}</option>}
          </NativeSelect>
        </Field>
      </div>
      {subcategory ? (
        <TextField
          form={form}
          name="starterType"
          id={ids.starterType}
          label="Specific Type (if different from above)"
          maxLength={STARTER_TITLE_MAX_LENGTH}
        />
      ) : null}
    </>
  );
}
