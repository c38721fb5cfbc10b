import { useTranslation } from 'react-i18next';
import {
  findCategory,
  OTHER_SUBCATEGORY,
  subcategoryLabel,
} from '../../../common/listings/catalogue';

/** A category's name in the page's language ("Other" for one the catalogue lacks). */
export function useCategoryName(): (category: string) => string {
  const { t } = useTranslation();
  return (category) => t(`categories.${findCategory(category)?.key ?? 'other'}`);
}

/** A starter type's name in the page's language ("Kefir grains", "Other"). */
export function useSubcategoryName(): (category: string, subcategory: string) => string {
  const { t } = useTranslation();
  return (category, subcategory) =>
    subcategory === OTHER_SUBCATEGORY
      ? t('categories.other')
      : t(`subcategories.${subcategory}` as 'subcategories.kefir', {
          defaultValue: subcategoryLabel(category, subcategory),
        });
}

/**
 * "Dairy Ferments › Kefir grains", or the category alone, in the page's language; null for an
 * alert (or a browse question) about any category.
 */
export function useTypeName(): (
  category: string | null | undefined,
  subcategory: string | null | undefined,
) => string | null {
  const categoryName = useCategoryName();
  const subcategoryName = useSubcategoryName();
  return (category, subcategory) => {
    if (!category) return null;
    if (!subcategory) return categoryName(category);
    return `${categoryName(category)} › ${subcategoryName(category, subcategory)}`;
  };
}
