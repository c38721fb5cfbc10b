import { useEffect, useState, type KeyboardEvent } from 'react';
import { LocateFixed, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PLACE_NAME_MAX_LENGTH } from '../../../../common/listings/places';
import { BROWSE_RADII_KM } from '../../../../common/listings/radii';
import { Button } from '../../components/ui/button';
import { Input, Label, NativeSelect } from '../../components/ui/inputs';
import { cn } from '../../lib/cn';
import { placeNearMe, usePlaceSuggestions } from './places-api';
import { useRadiusText } from '../../lib/unit-system';

const TYPE_AHEAD_MS = 200;

/** What was typed, once the typing pauses: one request per pause, not per letter. */
function useSettled(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPE_AHEAD_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The browse place picker: a combobox over the gazetteer's places (ARIA 1.2 pattern: the list
 * follows the text box, arrows move through it, Enter picks, Escape closes), "Use my location"
 * (the browser's position rounded to the nearest place) and a clear button. Only a place from
 * the list is ever chosen, so browse never asks about a place it does not know.
 */
export function PlacePicker({
  id,
  value,
  onChange,
  labelled = false,
}: {
  id: string;
  /** The chosen place's name, or the old free-text location of a shared link. */
  value: string;
  onChange: (place: string) => void;
  /** The form's own field labels the box (a `Field`): the picker adds no label of its own. */
  labelled?: boolean;
}) {
  const { t } = useTranslation('browse');
  const [draft, setDraft] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  // Back/forward, 'Clear Filters' or the profile place changed it: show what it is now.
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value);
  }
  const typed = useSettled(draft);
  const suggestions = usePlaceSuggestions(open && typed !== value ? typed : '');
  const places = suggestions.data?.places ?? [];
  const expanded = open && draft.trim().length >= 2 && draft !== value && places.length > 0;
  const listId = `${id}-places`;
  const unchosen = !open && draft.trim() !== '' && draft !== value;
  const optionId = (i: number) => `${id}-place-${i}`;

  const choose = (place: string) => {
    setOpen(false);
    setActive(-1);
    setDraft(place);
    setLocateError(null);
    if (place !== value) onChange(place);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!places.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + places.length) % places.length);
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      choose(places[Math.max(0, active)]!.name);
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
      if (!expanded) setDraft(value);
    }
  };
  const locateMe = async () => {
    setLocating(true);
    setLocateError(null);
    try {
      choose(await placeNearMe());
    } catch {
      setLocateError(t('noLocation.failed'));
    } finally {
      setLocating(false);
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-1.5">
      {!labelled && <Label htmlFor={id}>{t('place.label')}</Label>}
      <div className="relative">
        <Input
          id={id}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          placeholder={t('place.placeholder')}
          value={draft}
          maxLength={PLACE_NAME_MAX_LENGTH}
          className={cn(value && 'pe-11')}
          onChange={(e) => {
            setDraft(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          aria-describedby={unchosen ? `${id}-unchosen` : undefined}
          // A place half typed and left stays as typed, to finish later; only a place from the
          // list is a choice, and the note under the box says so.
          onBlur={() => setOpen(false)}
        />
        {value && (
          <button
            type="button"
            aria-label={t('place.clear')}
            className="absolute top-0 end-0 grid size-11 cursor-pointer place-items-center rounded-full text-muted hover:text-text"
            onClick={() => choose('')}
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
        {/* Above the floating Share Starter button (z-40): it never covers a place. */}
        <ul
          id={listId}
          role="listbox"
          aria-label={t('place.places')}
          className={cn(
            'absolute inset-x-0 top-full z-50 mt-1 max-h-72 overflow-y-auto rounded-xl border border-border bg-surface py-1 shadow-lg',
            !expanded && 'hidden',
          )}
        >
          {expanded &&
            places.map((place, i) => (
              // Keys reach the options through the text box (aria-activedescendant).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={place.name}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center px-3.5 text-sm',
                  i === active ? 'bg-accent-soft text-text' : 'hover:bg-surface-muted',
                )}
                // Before the box's blur, which would close the list under the pointer.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(place.name)}
              >
                {place.name}
              </li>
            ))}
        </ul>
      </div>
      {unchosen && (
        <p id={`${id}-unchosen`} className="text-sm text-muted">
          {t('place.pickFromList')}
        </p>
      )}
      <Button
        variant="outline"
        size="md"
        className="max-w-full justify-self-start"
        disabled={locating}
        onClick={() => void locateMe()}
      >
        <LocateFixed className="size-4 shrink-0" aria-hidden />
        {locating ? t('noLocation.locating') : t('noLocation.useMyLocation')}
      </Button>
      {locateError && (
        <p role="alert" className="text-sm text-danger">
          {locateError}
        </p>
      )}
    </div>
  );
}

/**
 * Anywhere, or within one of the radii browse offers (in the member's units); only with a place
 * to measure from, and until then a note says so.
 */
export function RadiusSelect({
  id,
  value,
  disabled,
  onChange,
}: {
  id: string;
  value: number | null;
  disabled: boolean;
  onChange: (radiusKm: number | null) => void;
}) {
  const { t } = useTranslation('browse');
  const radiusText = useRadiusText();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t('place.distance')}</Label>
      <NativeSelect
        id={id}
        value={disabled ? '' : String(value ?? '')}
        disabled={disabled}
        aria-describedby={disabled ? `${id}-waits` : undefined}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{t('place.anywhere')}</option>
        {BROWSE_RADII_KM.map((km) => (
          <option key={km} value={km}>
            {radiusText(km)}
          </option>
        ))}
      </NativeSelect>
      {disabled && (
        <p id={`${id}-waits`} className="text-sm text-muted">
          {t('place.distanceWaits')}
        </p>
      )}
    </div>
  );
}
