import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PHOTO_MAX_BYTES } from '../../../../common/site/constants';
import {
  createStarterSchema,
  STARTER_FORM_FIELDS,
  starterFormRule,
  type CreateStarter,
  type StarterFormField,
} from '../../../../common/listings/starters';
import {
  photoOrderSchema,
  STARTER_PHOTOS_MAX,
  TOO_MANY_PHOTOS,
} from '../../../../common/listings/starter-photo';
import { HttpError } from '../../errors';
import { readPhotoForm, type PhotoFormParts } from './photo-form';

/** What the form may hold: up to four photos and its few short fields (the app's multipart takes none). */
export const STARTER_FORM_LIMITS = {
  fileSize: PHOTO_MAX_BYTES,
  files: STARTER_PHOTOS_MAX,
  fields: 30,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  parts: 31,
  headerPairs: 100,
};

export const FORM_UNREADABLE = 'The form could not be read. Please try again.';
export const ONLY_PHOTOS = `Photos go in "image" fields, at most ${STARTER_PHOTOS_MAX}`;

/** The form's fields that repeat (`travel=pickup&travel=post`); an edit's `photoOrder` too. */
const REPEATED_FIELDS = STARTER_FORM_FIELDS.filter((name) => starterFormRule(name).repeats);
const LIST_FIELDS = new Set<string>([...REPEATED_FIELDS, 'photoOrder']);
const TEXT_FIELDS = new Set<string>(STARTER_FORM_FIELDS.filter((f) => !LIST_FIELDS.has(f)));

export interface StarterForm {
  input: CreateStarter;
  photos: Buffer[];
}

export function validationError(error: z.ZodError, field?: string): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = field ?? String(issue.path[0] ?? '');
    if (name && !fields[name]) fields[name] = issue.message;
  }
  return new HttpError(
    400,
    'validation_failed',
    error.issues[0]?.message ?? 'Invalid input',
    fields,
  );
}

/** Reads a starter's multipart body: its known fields and its `image` parts, in order. */
async function readParts(request: FastifyRequest): Promise<PhotoFormParts> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the starter as multipart/form-data');
  }
  return readPhotoForm(request, {
    limits: STARTER_FORM_LIMITS,
    textFields: TEXT_FIELDS,
    listFields: LIST_FIELDS,
    name: 'form',
    onlyPhotos: ONLY_PHOTOS,
    tooManyPhotos: TOO_MANY_PHOTOS,
    unreadable: FORM_UNREADABLE,
  });
}

/** Reads the new-starter form (its fields and up to four photos) and checks the fields. */
export async function readStarterForm(request: FastifyRequest): Promise<StarterForm> {
  const { fields, lists, photos } = await readParts(request);
  return { input: parseStarterFields(fields, lists), photos };
}

/**
 * The new-starter form's fields, as sent, checked. A field not sent reads as one left empty:
 * required ones say so, optional ones take their default.
 */
export function parseStarterFields(
  fields: Record<string, string | undefined>,
  lists: Record<string, string[] | undefined>,
): CreateStarter {
  const parsed = createStarterSchema.safeParse(
    Object.fromEntries(
      STARTER_FORM_FIELDS.map((name) => [
        name,
        starterFormRule(name).repeats ? lists[name] : (fields[name] ?? ''),
      ]),
    ),
  );
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * What an edit asks for: the fields it names (checked later, merged with the listing), the
 * photos' new order, and its uploaded photos. Absent fields stay as they are.
 */
export interface StarterEdit {
  fields: Partial<Record<StarterFormField, unknown>>;
  photoOrder: string[] | undefined;
  photos: Buffer[];
}

/**
 * PATCH /api/starters/:id as multipart. `photoOrder` repeats like `travel`; a single empty
 * `photoOrder` says "no photos at all".
 */
export async function readStarterEditForm(request: FastifyRequest): Promise<StarterEdit> {
  const { fields, lists, photos } = await readParts(request);
  const edit: StarterEdit['fields'] = { ...fields };
  for (const name of REPEATED_FIELDS) if (lists[name]) edit[name] = lists[name];
  let photoOrder: string[] | undefined;
  if (lists.photoOrder) {
    const order = lists.photoOrder.filter((token) => token !== '');
    const parsed = photoOrderSchema.safeParse(order);
    if (!parsed.success) throw validationError(parsed.error, 'photoOrder');
    photoOrder = parsed.data;
  }
  return { fields: edit, photoOrder, photos };
}
