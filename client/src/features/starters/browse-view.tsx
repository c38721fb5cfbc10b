import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChevronLeft,
  ChevronRight,
  LocateFixed,
  RotateCcw,
  Search,
  SlidersHorizontal,
} from 'lucide-react';
import { categories, findCategory, OTHER_SUBCATEGORY } from '../../../../common/listings/catalogue';
import {
  BROWSE_SEARCH_MAX_LENGTH,
  PAGE_SIZE,
  SKELETON_CARDS,
  type StarterSort,
} from '../../../../common/site/constants';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadingNote } from '../../components/ui/skeleton';
import { EmptyState } from '../../components/ui/message-card';
import { Input, Label, NativeSelect } from '../../components/ui/inputs';
import { cn } from '../../lib/cn';
import { browseListParams, defaultSort } from '../../../../common/listings/browse-page';
import { pageWindow, useBrowseFilters, type BrowseFilters } from './browse-filters';
import { resultCount } from './result-count';
import { StarterCard, StarterCardSkeleton } from './starter-card';
import { useStarters } from './starters-api';
import { useCategoryName } from '../../lib/catalogue-text';
import { PlacePicker, RadiusSelect } from './place-picker';
import { placeNearMe } from './places-api';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { ApiError } from '../../lib/api';
import { BrowseMapSlot, BrowseModeSwitch, useBrowseMode } from './browse-map-switch';

const TEXT_DEBOUNCE_MS = 400;
/** Cards in the grid's widest row. */
const FIRST_ROW = 3;

/** A text filter typed freely, written to the URL once the member pauses. */
function useDebouncedFilter(value: string, commit: (value: string) => void) {
  const [draft, setDraft] = useState(value);
  const [lastSeen, setLastSeen] = useState(value);
  // Back/forward or 'Clear Filters' changed the URL: show what it says now.
  if (value !== lastSeen) {
    setLastSeen(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft.trim() === value.trim()) return;
    const timer = setTimeout(() => commit(draft), TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, commit]);
  return [draft, setDraft] as const;
}

/**
 * 'Closest to me' with no place known says so instead of quietly showing the newest. Decided
 * from the address and the member alone, so the page sent rendered and the app agree.
 */
function NoLocationNotice({
  onLocated,
  onSetLocation,
}: {
  onLocated: (place: string) => void;
  onSetLocation: () => void;
}) {
  const { t } = useTranslation('browse');
  const [locating, setLocating] = useState(false);
  const [failed, setFailed] = useState(false);
  const locate = async () => {
    setLocating(true);
    setFailed(false);
    try {
      onLocated(await placeNearMe());
    } catch {
      setFailed(true);
    } finally {
      setLocating(false);
    }
  };
  return (
    <div role="status" className="mb-4 rounded-xl border border-border bg-accent-soft p-4 text-sm">
      <p className="font-medium">{t('noLocation.title')}</p>
      <p className="mt-1 text-muted">{t('noLocation.body')}</p>
      {failed && <p className="mt-1 text-danger">{t('noLocation.failed')}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="md" disabled={locating} onClick={() => void locate()}>
          <LocateFixed className="size-4" aria-hidden />
          {locating ? t('noLocation.locating') : t('noLocation.useMyLocation')}
        </Button>
        <Button size="md" variant="outline" onClick={onSetLocation}>
          {t('noLocation.setLocation')}
        </Button>
      </div>
    </div>
  );
}

/** The words searched for: on every screen above the results, never folded away. */
function SearchBox({ value, onChange }: { value: string; onChange: (search: string) => void }) {
  const { t } = useTranslation('browse');
  const id = useId();
  const [search, setSearch] = useDebouncedFilter(value, onChange);
  return (
    <div role="search" className="grid gap-1.5">
      <Label htmlFor={id} className="sr-only">
        {t('filters.search')}
      </Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden
        />
        <Input
          id={id}
          type="search"
          placeholder={t('filters.searchPlaceholder')}
          value={search}
          maxLength={BROWSE_SEARCH_MAX_LENGTH}
          onChange={(e) => setSearch(e.target.value)}
          className="ps-9"
        />
      </div>
    </div>
  );
}

/** How many filters of the side panel differ from the defaults (the category bar shows its own). */
function activeFilterCount(filters: BrowseFilters): number {
  return [
    filters.near.trim() || filters.location.trim(),
    filters.near && filters.radiusKm,
    filters.subcategory,
    filters.sort !== defaultSort(filters.near),
    filters.withClaimed,
  ].filter(Boolean).length;
}

function CategoryBar({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (category: string | null) => void;
}) {
  const { t } = useTranslation('browse');
  const categoryName = useCategoryName();
  const item = (active: boolean) =>
    cn(
      'inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors',
      active
        ? 'border-accent bg-accent text-accent-fg'
        : 'border-border bg-surface text-text hover:bg-surface-muted',
    );
  return (
    <div
      role="group"
      aria-label={t('categories.label')}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:px-0"
    >
      <button
        type="button"
        aria-pressed={value === null}
        className={item(value === null)}
        onClick={() => onChange(null)}
      >
        {t('categories.all')}
      </button>
      {categories.map((c) => (
        <button
          key={c.key}
          type="button"
          aria-pressed={value === c.key}
          className={item(value === c.key)}
          onClick={() => onChange(c.key)}
        >
          <span aria-hidden>{c.emoji}</span>
          {categoryName(c.key)}
        </button>
      ))}
    </div>
  );
}

function FiltersSidebar({
  filters,
  update,
  clear,
  locationInputId,
  onDone,
}: {
  filters: BrowseFilters;
  update: (change: Partial<BrowseFilters>) => void;
  clear: () => void;
  locationInputId: string;
  /** Folds the panel away (phones). */
  onDone?: () => void;
}) {
  const { t } = useTranslation(['browse', 'common']);
  const id = useId();
  const category = findCategory(filters.category);
  return (
    <Card className="grid gap-3 p-4 sm:grid-cols-2 sm:gap-4 sm:p-5 lg:grid-cols-1 lg:gap-5">
      <h2 className="text-lg font-semibold sm:col-span-2 lg:col-span-1">{t('filters.title')}</h2>
      <PlacePicker
        id={locationInputId}
        value={filters.near || filters.location}
        // A place from the list replaces an old link's text filter.
        onChange={(near) => update({ near, location: '' })}
      />
      <RadiusSelect
        id={`${id}-radius`}
        value={filters.radiusKm}
        disabled={!filters.near}
        onChange={(radiusKm) => update({ radiusKm })}
      />
      {category && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-type`}>{t('filters.type')}</Label>
          <NativeSelect
            id={`${id}-type`}
            value={filters.subcategory ?? 'all'}
            onChange={(e) =>
              update({ subcategory: e.target.value === 'all' ? null : e.target.value })
            }
          >
            <option value="all">{t('filters.allTypes')}</option>
            {category.subcategories.map((s) => (
              <option key={s.key} value={s.key}>
                {t(`common:subcategories.${s.key}`, { defaultValue: s.label })}
              </option>
            ))}
            <option value={OTHER_SUBCATEGORY}>{t('filters.otherType')}</option>
          </NativeSelect>
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-sort`}>{t('filters.sortBy')}</Label>
        <NativeSelect
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(e) => update({ sort: e.target.value as StarterSort })}
        >
          <option value="newest">{t('filters.newest')}</option>
          <option value="oldest">{t('filters.oldest')}</option>
          <option value="closest">{t('filters.closest')}</option>
          {filters.search && <option value="best">{t('filters.best')}</option>}
        </NativeSelect>
      </div>
      <label
        htmlFor={`${id}-claimed`}
        className="flex min-h-11 cursor-pointer items-center gap-3 text-sm sm:col-span-2 lg:col-span-1"
      >
        <input
          id={`${id}-claimed`}
          type="checkbox"
          checked={filters.withClaimed}
          onChange={(e) => update({ withClaimed: e.target.checked })}
          className="size-4 accent-[var(--color-accent)]"
        />
        {t('filters.withClaimed')}
      </label>
      <Button variant="outline" onClick={clear} className="sm:col-span-2 lg:col-span-1">
        <RotateCcw className="size-4" aria-hidden />
        {t('filters.clear')}
      </Button>
      {/* On a phone the panel sits above the results: done, it folds away to show them. */}
      {onDone && (
        <Button onClick={onDone} className="sm:col-span-2 lg:hidden">
          {t('filters.showResults')}
        </Button>
      )}
    </Card>
  );
}

function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('browse');
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label={t('pagination.label')}
      // Each button takes taps 44 px wide (min-w-10 and the gap): seven fit on a 360 px phone.
      className="mt-8 flex flex-wrap items-center justify-center gap-1 sm:gap-2"
    >
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
        {/* Words hidden on phones so the whole row fits 360 px; the name stays. */}
        <span className="max-sm:sr-only">{t('pagination.previous')}</span>
      </Button>
      {pageWindow(page, totalPages).map((n) => (
        <Button
          key={n}
          size="sm"
          variant={n === page ? 'primary' : 'outline'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('pagination.page', { page: n })}
          className="min-w-10 px-0"
          onClick={() => onPage(n)}
        >
          {n}
        </Button>
      ))}
      <Button
        variant="outline"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        <span className="max-sm:sr-only">{t('pagination.next')}</span>
        <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
      </Button>
    </nav>
  );
}

/** The /browse page: category bar, filters, results and pagination, all held in the URL. */
export function BrowseView() {
  const { t } = useTranslation('browse');
  const { user } = useCurrentUser();
  const { filters, update, clear } = useBrowseFilters({ place: user?.place });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const locationInputId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = activeFilterCount(filters);
  const anyFilter = activeFilters > 0 || filters.category !== null || !!filters.search.trim();
  const query = useStarters(browseListParams(filters));
  const total = query.data?.total ?? 0;
  const totalPages = Math.ceil(total / PAGE_SIZE);

  const goToPage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0 });
    // The pressed page button may be gone: start the new page at its heading.
    headingRef.current?.focus({ preventScroll: true });
  };
  const setLocation = () => {
    setFiltersOpen(true);
    requestAnimationFrame(() => document.getElementById(locationInputId)?.focus());
  };
  // Without a place, the server measures 'closest' from the profile place if it knows one.
  const noPlace = filters.sort === 'closest' && !filters.near && !user?.place;
  const onMap = useBrowseMode() === 'map';

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <CategoryBar value={filters.category} onChange={(category) => update({ category })} />
      <div className="mt-4 max-w-2xl">
        <SearchBox value={filters.search} onChange={(search) => update({ search })} />
      </div>
      <BrowseModeSwitch />
      <div className="mt-6 grid gap-6 lg:grid-cols-[17rem_1fr] lg:items-start">
        {/* On a phone the panel folds away so the results are on the first screen. */}
        <Button
          variant="outline"
          className="justify-self-start lg:hidden"
          aria-expanded={filtersOpen}
          aria-controls={`${locationInputId}-panel`}
          aria-label={
            activeFilters ? t('filters.activeLabel', { count: activeFilters }) : t('filters.title')
          }
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <SlidersHorizontal className="size-4" aria-hidden />
          {t('filters.title')}
          {activeFilters > 0 && (
            <span className="rounded-full bg-accent px-2 text-xs text-accent-fg">
              {activeFilters}
            </span>
          )}
        </Button>
        <aside
          id={`${locationInputId}-panel`}
          aria-label={t('filters.title')}
          className={cn('lg:sticky lg:top-20', !filtersOpen && 'max-lg:hidden')}
        >
          <FiltersSidebar
            filters={filters}
            update={update}
            clear={clear}
            locationInputId={locationInputId}
            onDone={() => {
              setFiltersOpen(false);
              requestAnimationFrame(() => headingRef.current?.focus());
            }}
          />
        </aside>
        {/* min-w-0: a grid item may shrink below its longest word (a one-word title). */}
        <section
          aria-labelledby="results-heading"
          aria-busy={query.isPending}
          className={cn('min-w-0', onMap && 'hidden')}
        >
          <div className="mb-4 flex items-baseline justify-between gap-4">
            <h1
              id="results-heading"
              ref={headingRef}
              tabIndex={-1}
              className="text-2xl font-bold tracking-tight outline-none sm:text-3xl"
            >
              {t('results.heading')}
            </h1>
            {query.isSuccess && (
              <p className="text-sm whitespace-nowrap text-muted" aria-live="polite">
                {resultCount(t, total, query.data?.totalIsCapped)}
              </p>
            )}
          </div>
          {noPlace && (
            <NoLocationNotice
              onLocated={(near) => update({ near, location: '' })}
              onSetLocation={setLocation}
            />
          )}
          {query.isPending ? (
            <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
              <LoadingNote>{t('results.loading')}</LoadingNote>
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <StarterCardSkeleton key={i} />
              ))}
            </div>
          ) : query.isError ? (
            <Card className="p-10 text-center" role="alert">
              <p className="text-lg font-semibold">{t('results.failed')}</p>
              {/* A place the gazetteer does not know (an old or mistyped link) says which. */}
              {query.error instanceof ApiError && query.error.body?.code === 'unknown_place' && (
                <p className="mt-1 text-muted">{query.error.serverMessage}</p>
              )}
              <Button className="mt-4" onClick={() => window.location.reload()}>
                {t('results.tryAgain')}
              </Button>
            </Card>
          ) : query.data.starters.length === 0 && total > 0 ? (
            // A page past the end (an old link, ?page=99): say so and offer the last page.
            <Card className="p-10 text-center">
              <p className="text-lg font-semibold">{t('results.pastEnd')}</p>
              <Button variant="outline" className="mt-5" onClick={() => goToPage(totalPages)}>
                {t('results.goToPage', { page: totalPages })}
              </Button>
            </Card>
          ) : query.data.starters.length === 0 && !anyFilter ? (
            // Nothing shared yet: there are no filters to adjust.
            <EmptyState title={t('results.noneYet')} text={t('results.noneYetBody')}>
              <Button asChild className="mt-5">
                <Link to={paths.post}>{t('results.share')}</Link>
              </Button>
            </EmptyState>
          ) : query.data.starters.length === 0 ? (
            <EmptyState title={t('results.noneFound')} text={t('results.noneFoundBody')}>
              <div className="mt-5 flex flex-wrap justify-center gap-3">
                <Button variant="outline" onClick={clear}>
                  {t('filters.clear')}
                </Button>
                {/* Nobody offers it now: say you want it, and those who have it hear of it. */}
                <Button asChild>
                  <Link
                    to={paths.postAsk.href({
                      search: filters.search.trim(),
                      category: filters.category,
                      subcategory: filters.subcategory,
                    })}
                  >
                    {t('results.askForIt')}
                  </Link>
                </Button>
              </div>
            </EmptyState>
          ) : (
            <>
              <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
                {query.data.starters.map((starter, i) => (
                  <li key={starter.id} className="flex min-w-0">
                    <div className="flex w-full flex-col [&>article]:flex-1">
                      <StarterCard
                        starter={starter}
                        // The first row (up to three across) is on the first screen.
                        photoPriority={i === 0 ? 'high' : i < FIRST_ROW ? 'eager' : undefined}
                      />
                    </div>
                  </li>
                ))}
              </ul>
              <Pagination page={filters.page} totalPages={totalPages} onPage={goToPage} />
            </>
          )}
        </section>
        {onMap && <BrowseMapSlot filters={filters} />}
      </div>
    </div>
  );
}
