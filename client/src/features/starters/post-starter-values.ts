import type { UseFormReturn } from 'react-hook-form';
import {
  STARTER_FORM_DEFAULTS,
  STARTER_FORM_FIELDS,
  starterFormRule,
  type CreateStarter,
  type CreateStarterInput,
  type Starter,
} from '../../../../common/listings/starters';
import type { PhotoItem } from './starter-photo-field';

/** The fields that take focus, in the order they are on screen: the first invalid one gets it. */
export const POST_STARTER_FOCUS_ORDER = STARTER_FORM_FIELDS.filter(
  (name) => starterFormRule(name).focus,
);

/** One field's value as the multipart body carries it: none for an empty one. */
function partsOf(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  // The schema made a picked day that day's midnight UTC: its first ten characters are it.
  if (value instanceof Date) return [value.toISOString().slice(0, 10)];
  return [String(value)];
}

/**
 * The form's fields into a multipart body, as the field table says: a repeated field once per
 * value, an empty one left out, or for an edit sent empty when it may be cleared (a field an
 * edit leaves out stays as it is) and the end date left out (an edit keeps it).
 */
function appendFields(form: FormData, values: CreateStarter, { edit }: { edit: boolean }): void {
  for (const name of STARTER_FORM_FIELDS) {
    const rule = starterFormRule(name);
    if (edit && rule.notEdited) continue;
    const parts = partsOf(values[name]);
    for (const part of parts) form.append(name, part);
    if (edit && rule.clearable && parts.length === 0) form.set(name, '');
  }
}

/** POST /api/starters' multipart body; the photos go last so every field arrives first. */
export function starterFormData(values: CreateStarter, photos: readonly File[]): FormData {
  const form = new FormData();
  appendFields(form, values, { edit: false });
  for (const photo of photos) form.append('image', photo, photo.name);
  return form;
}

/**
 * PATCH /api/starters/:id's multipart body: every field (an emptied one sent empty), the
 * photos' order (kept ids, `new:<n>` for the n-th uploaded) and the new photos last. The end
 * date is left out: an edit keeps it.
 */
export function starterEditFormData(
  values: CreateStarter,
  photos: readonly PhotoItem[],
  { photosChanged }: { photosChanged: boolean },
): FormData {
  const form = new FormData();
  appendFields(form, values, { edit: true });
  // Photos left alone are not mentioned, so they stay exactly as they are.
  if (!photosChanged) return form;
  const added: File[] = [];
  for (const photo of photos) {
    if (photo.kind === 'kept') form.append('photoOrder', photo.id);
    else form.append('photoOrder', `new:${added.push(photo.file) - 1}`);
  }
  // A lone empty value says "no photos at all"; none at all would mean "as they are".
  if (photos.length === 0) form.set('photoOrder', '');
  for (const file of added) form.append('image', file, file.name);
  return form;
}

const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** A listing as the form's values: the edit form and "Post Again" start from them. */
export function valuesOf(starter: Starter): CreateStarterInput {
  return {
    ...STARTER_FORM_DEFAULTS,
    title: starter.title,
    category: starter.category,
    subcategory: starter.subcategory,
    starterType: starter.starterType,
    customDescription: starter.customDescription ?? '',
    description: starter.description,
    location: starter.location,
    portions: starter.portions,
    travel: starter.travel,
    postage: starter.postage,
    bring: starter.bring ?? '',
    form: starter.form,
    lastFedAt: dayOf(starter.lastFedAt),
    careNotes: starter.careNotes ?? '',
    parentId: starter.parentId === null ? '' : String(starter.parentId),
    originStory: starter.originStory ?? '',
    bornYear: starter.bornYear === null ? '' : String(starter.bornYear),
  };
}

/** The /post form as its parts receive it. */
export type PostStarterFormApi = UseFormReturn<CreateStarterInput, unknown, CreateStarter>;
