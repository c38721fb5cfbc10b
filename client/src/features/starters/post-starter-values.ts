import type { UseFormReturn } from 'react-hook-form';
import type { CreateStarter, CreateStarterInput } from '../../../../common/starters';
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

/** POST /api/starters' multipart body; the photo goes last so every field arrives first. */
export function starterFormData(values: CreateStarter, photo: File | null): FormData {
  const form = new FormData();
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
  if (photo) form.set('image', photo, photo.name);
  return form;
}

/** The /post form as its parts receive it. */
export type PostStarterFormApi = UseFormReturn<CreateStarterInput, unknown, CreateStarter>;
