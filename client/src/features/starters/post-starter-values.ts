import type { UseFormReturn } from 'react-hook-form';
import type { CreateStarter, CreateStarterInput, Starter } from '../../../../common/starters';
import type { PhotoItem } from './starter-photo-field';
import { appendCulture, CULTURE_DEFAULTS, CULTURE_FIELD_NAMES } from './culture-fields';
import {
  appendListingHandover,
  LISTING_HANDOVER_DEFAULTS,
  LISTING_HANDOVER_FIELD_NAMES,
} from './listing-handover-schema';

/** The /post form's starting lineage: not from a hand-over, no story, no year. */
export const LINEAGE_DEFAULTS = { parentId: '', originStory: '', bornYear: '' };

export const LINEAGE_FIELD_NAMES = ['parentId', 'originStory', 'bornYear'] as const;

/** The lineage into the multipart body (the culture's form and care notes are the care fields'). */
export function appendLineage(form: FormData, values: CreateStarter): void {
  if (values.parentId !== undefined) form.set('parentId', String(values.parentId));
  if (values.originStory) form.set('originStory', values.originStory);
  if (values.bornYear !== undefined) form.set('bornYear', String(values.bornYear));
}

/** Every field of the /post form: the server's field errors land on these. */
export const POST_STARTER_FIELD_NAMES = [
  'title',
  'category',
  'subcategory',
  'starterType',
  'customDescription',
  'description',
  'location',
  ...LISTING_HANDOVER_FIELD_NAMES,
  ...CULTURE_FIELD_NAMES,
  ...LINEAGE_FIELD_NAMES,
] as const;

/** The fields that take focus, in the order they are on screen: the first invalid one gets it. */
export const POST_STARTER_FOCUS_ORDER = [
  'title',
  'category',
  'subcategory',
  'starterType',
  'description',
  'customDescription',
  'location',
  'lastFedAt',
  'careNotes',
  'parentId',
  'originStory',
  'bornYear',
] as const;

export const POST_STARTER_DEFAULTS = {
  title: '',
  category: '',
  subcategory: '',
  starterType: '',
  customDescription: '',
  description: '',
  location: '',
  ...LISTING_HANDOVER_DEFAULTS,
  ...CULTURE_DEFAULTS,
  ...LINEAGE_DEFAULTS,
};

function appendFields(form: FormData, values: CreateStarter): void {
  form.set('title', values.title);
  form.set('category', values.category);
  form.set('subcategory', values.subcategory);
  form.set('starterType', values.starterType);
  if (values.customDescription) form.set('customDescription', values.customDescription);
  form.set('description', values.description);
  form.set('location', values.location);
  appendListingHandover(form, values);
  appendCulture(form, values);
  appendLineage(form, values);
}

/** POST /api/starters' multipart body; the photos go last so every field arrives first. */
export function starterFormData(values: CreateStarter, photos: readonly File[]): FormData {
  const form = new FormData();
  appendFields(form, values);
  for (const photo of photos) form.append('image', photo, photo.name);
  return form;
}

/** The optional fields an edit may clear: sent empty, since a field left out stays as it is. */
const CLEARABLE = [
  'customDescription',
  'postage',
  'bring',
  'lastFedAt',
  'careNotes',
  'parentId',
  'originStory',
  'bornYear',
] as const;

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
  appendFields(form, values);
  form.delete('availableDays');
  for (const name of CLEARABLE) if (!form.has(name)) form.set(name, '');
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
    ...POST_STARTER_DEFAULTS,
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
