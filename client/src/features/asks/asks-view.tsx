import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { categories } from '../../../../common/listings/catalogue';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label, NativeSelect } from '../../components/ui/inputs';
import { paths } from '../../lib/paths';
import { useSearchParamsLatest } from '../../lib/use-search-params-latest';
import { useCategoryName, useSubcategoryName } from '../../lib/catalogue-text';
import { AskCard } from './ask-card';
import { useAsks } from './asks-api';

const FILTERS = ['category', 'subcategory', 'search', 'location'] as const;

/** Browse's "Asked for" view: open asks with the same filters as offers, held in the URL. */
export function AsksView() {
  const { t } = useTranslation('account');
  const categoryName = useCategoryName();
  const subcategoryName = useSubcategoryName();
  const [params, setParams] = useSearchParamsLatest();
  const id = useId();
  const filters = Object.fromEntries(
    FILTERS.flatMap((name) => {
      const value = params.get(name)?.trim();
      return value ? [[name, value]] : [];
    }),
  ) as Record<string, string>;
  const query = useAsks(filters);
  const set = (name: (typeof FILTERS)[number], value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      if (name === 'category') next.delete('subcategory');
      return next;
    });
  const category = categories.find((c) => c.key === filters.category);

  return (
    <section aria-labelledby="asks-heading" className="min-w-0">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-4">
        <h1 id="asks-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('asks.heading')}
        </h1>
        <Button asChild>
          <Link to={paths.postAsk.href(filters)}>{t('asks.ask')}</Link>
        </Button>
      </div>
      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-search`}>{t('asks.search')}</Label>
          <Input
            id={`${id}-search`}
            type="search"
            defaultValue={filters.search ?? ''}
            onChange={(e) => set('search', e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-category`}>{t('asks.category')}</Label>
          <NativeSelect
            id={`${id}-category`}
            value={filters.category ?? ''}
            onChange={(e) => set('category', e.target.value)}
          >
            <option value="">{t('asks.allCategories')}</option>
            {categories.map((c) => (
              <option key={c.key} value={c.key}>
                {categoryName(c.key)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {category && (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-type`}>{t('asks.type')}</Label>
            <NativeSelect
              id={`${id}-type`}
              value={filters.subcategory ?? ''}
              onChange={(e) => set('subcategory', e.target.value)}
            >
              <option value="">{t('asks.allTypes')}</option>
              {category.subcategories.map((s) => (
                <option key={s.key} value={s.key}>
                  {subcategoryName(category.key, s.key)}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-location`}>{t('asks.location')}</Label>
          <Input
            id={`${id}-location`}
            defaultValue={filters.location ?? ''}
            onChange={(e) => set('location', e.target.value)}
          />
        </div>
      </div>
      {query.isPending ? (
        <p role="status">{t('asks.loading')}</p>
      ) : query.isError ? (
        <Card className="p-10 text-center" role="alert">
          <p className="text-lg font-semibold">{t('asks.loadFailed')}</p>
        </Card>
      ) : query.data.asks.length === 0 ? (
        <Card className="p-10 text-center">
          <p className="text-lg font-semibold">{t('asks.empty')}</p>
        </Card>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {query.data.asks.map((ask) => (
            <li key={ask.id} className="flex min-w-0">
              <AskCard ask={ask} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
