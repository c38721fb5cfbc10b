import { useEffect, useId, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, RotateCcw, Search } from 'lucide-react';
import {
  categories,
  findCategory,
  OTHER_SUBCATEGORY,
  OTHER_SUBCATEGORY_LABEL,
} from '../../../../common/catalogue';
import { PAGE_SIZE, SKELETON_CARDS, type StarterSort } from '../../../../common/constants';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label, NativeSelect } from '../../components/ui/form-controls';
import { cn } from '../../lib/cn';
import { pageWindow, useBrowseFilters, type BrowseFilters } from './browse-filters';
import { resultCount } from './result-count';
import { StarterCard, StarterCardSkeleton } from './starter-card';
import { useStarters } from './starters-api';

const TEXT_DEBOUNCE_MS = 400;

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

interface Position {
  lat: number;
  lng: number;
}

/**
 * 'Closest to me' asks for the browser's position only when chosen; a refusal leaves the
 * server to use the member's profile place. Rounded to ~1 km: nothing finer is needed.
 */
function useBrowserPosition(wanted: boolean) {
  const [position, setPosition] = useState<Position | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (!wanted || asked.current || typeof navigator === 'undefined' || !navigator.geolocation)
      return;
    asked.current = true;
    navigator.geolocation.getCurrentPosition(
      (p) =>
        setPosition({
          lat: Math.round(p.coords.latitude * 100) / 100,
          lng: Math.round(p.coords.longitude * 100) / 100,
        }),
      () => setPosition(null),
      { maximumAge: 10 * 60 * 1000, timeout: 10_000 },
    );
  }, [wanted]);
  return wanted ? position : null;
}

function CategoryBar({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (category: string | null) => void;
}) {
  const item = (active: boolean) =>
    cn(
      'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors',
      active
        ? 'border-accent bg-accent text-accent-fg'
        : 'border-border bg-surface text-text hover:bg-surface-muted',
    );
  return (
    <div
      role="group"
      aria-label="Categories"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:px-0"
    >
      <button
        type="button"
        aria-pressed={value === null}
        className={item(value === null)}
        onClick={() => onChange(null)}
      >
        All Categories
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
          {c.name}
        </button>
      ))}
    </div>
  );
}

function FiltersSidebar({
  filters,
  update,
  clear,
}: {
  filters: BrowseFilters;
  update: (change: Partial<BrowseFilters>) => void;
  clear: () => void;
}) {
  const id = useId();
  const [search, setSearch] = useDebouncedFilter(filters.search, (v) => update({ search: v }));
  const [location, setLocation] = useDebouncedFilter(filters.location, (v) =>
    update({ location: v }),
  );
  const category = findCategory(filters.category);
  return (
    <Card className="grid gap-3 p-4 sm:grid-cols-2 sm:gap-4 sm:p-5 lg:grid-cols-1 lg:gap-5">
      <h2 className="text-lg font-semibold sm:col-span-2 lg:col-span-1">Filters</h2>
      <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor={`${id}-search`}>Search</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Search starters..."
            value={search}
            maxLength={200}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-location`}>Location</Label>
        <Input
          id={`${id}-location`}
          placeholder="City, State/Country"
          value={location}
          maxLength={120}
          onChange={(e) => setLocation(e.target.value)}
        />
      </div>
      {category && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-type`}>Starter Type</Label>
          <NativeSelect
            id={`${id}-type`}
            value={filters.subcategory ?? 'all'}
            onChange={(e) =>
              update({ subcategory: e.target.value === 'all' ? null : e.target.value })
            }
          >
            <option value="all">All types</option>
            {category.subcategories.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
            <option value={OTHER_SUBCATEGORY}>{OTHER_SUBCATEGORY_LABEL}</option>
          </NativeSelect>
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <NativeSelect
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(e) => update({ sort: e.target.value as StarterSort })}
        >
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
          <option value="closest">Closest to me</option>
          {filters.search && <option value="best">Best match</option>}
        </NativeSelect>
      </div>
      <Button variant="outline" onClick={clear} className="sm:col-span-2 lg:col-span-1">
        <RotateCcw className="size-4" aria-hidden />
        Clear Filters
      </Button>
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
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden />
        Previous
      </Button>
      {pageWindow(page, totalPages).map((n) => (
        <Button
          key={n}
          size="sm"
          variant={n === page ? 'primary' : 'outline'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          className="min-w-9 px-0"
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
        Next
        <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}

/** The /browse page: category bar, filters, results and pagination, all held in the URL. */
export function BrowseView() {
  const { filters, update, clear } = useBrowseFilters();
  const position = useBrowserPosition(filters.sort === 'closest');
  const query = useStarters({
    limit: PAGE_SIZE,
    offset: (filters.page - 1) * PAGE_SIZE,
    category: filters.category ?? undefined,
    subcategory: filters.subcategory ?? undefined,
    search: filters.search || undefined,
    location: filters.location || undefined,
    sort: filters.sort,
    lat: position?.lat,
    lng: position?.lng,
  });
  const total = query.data?.total ?? 0;
  const totalPages = Math.ceil(total / PAGE_SIZE);

  const goToPage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <CategoryBar value={filters.category} onChange={(category) => update({ category })} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[17rem_1fr] lg:items-start">
        <aside aria-label="Filters" className="lg:sticky lg:top-20">
          <FiltersSidebar filters={filters} update={update} clear={clear} />
        </aside>
        <section aria-labelledby="results-heading" aria-busy={query.isPending}>
          <div className="mb-4 flex items-baseline justify-between gap-4">
            <h1 id="results-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Available Starters
            </h1>
            {query.isSuccess && (
              <p className="text-sm whitespace-nowrap text-muted" aria-live="polite">
                {resultCount(total, query.data?.totalIsCapped)}
              </p>
            )}
          </div>
          {query.isPending ? (
            <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
              <span className="sr-only" role="status">
                Loading starters…
              </span>
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <StarterCardSkeleton key={i} />
              ))}
            </div>
          ) : query.isError ? (
            <Card className="p-10 text-center" role="alert">
              <p className="text-lg font-semibold">Failed to load starters</p>
              <Button className="mt-4" onClick={() => window.location.reload()}>
                Try Again
              </Button>
            </Card>
          ) : query.data.starters.length === 0 ? (
            <Card className="p-10 text-center">
              <p className="text-4xl" aria-hidden>
                🫙
              </p>
              <p className="mt-3 text-lg font-semibold">No starters found</p>
              <p className="mt-1 text-muted">Try adjusting your filters or search terms</p>
              <Button variant="outline" className="mt-5" onClick={clear}>
                Clear Filters
              </Button>
            </Card>
          ) : (
            <>
              <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
                {query.data.starters.map((starter) => (
                  <li key={starter.id} className="flex">
                    <div className="flex w-full flex-col [&>article]:flex-1">
                      <StarterCard starter={starter} />
                    </div>
                  </li>
                ))}
              </ul>
              <Pagination page={filters.page} totalPages={totalPages} onPage={goToPage} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
