import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE } from '../../../../common/constants';
import { createStarterSchema, type CreateStarter } from '../../../../common/starters';
import { HttpError } from '../../errors';

/** What the form may hold: one photo and its few short fields (the app's multipart takes none). */
export const STARTER_FORM_LIMITS = {
  fileSize: PHOTO_MAX_BYTES,
  files: 1,
  fields: 20,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  parts: 21,
  headerPairs: 100,
};

export const FORM_UNREADABLE = 'The form could not be read. Please try again.';
export const ONLY_ONE_PHOTO = 'Only one photo, in the "image" field, can be uploaded';

const TEXT_FIELDS = new Set([
  'title',
  'description',
  'category',
  'subcategory',
  'starterType',
  'customDescription',
  'location',
  'portions',
  'postage',
  'bring',
  'availableDays',
  'form',
  'lastFedAt',
  'careNotes',
  'parentId',
  'originStory',
  'bornYear',
]);
/** Fields that may repeat (`travel=pickup&travel=post`). */
const LIST_FIELDS = new Set(['travel']);

export interface StarterForm {
  input: CreateStarter;
  photo: Buffer | undefined;
}

const refused = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'bad_request', message, fields);

function validationError(error: z.ZodError): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !fields[name]) fields[name] = issue.message;
  }
  return new HttpError(
    400,
    'validation_failed',
    error.issues[0]?.message ?? 'Invalid input',
    fields,
  );
}

/**
 * Whatever goes wrong while reading the body is the sender's doing (a broken boundary, a body
 * cut short, too many parts): 400 with a message, or 413 for a photo over the limit.
 */
function formError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, 'too_large', PHOTO_TOO_LARGE, { image: PHOTO_TOO_LARGE });
  }
  if (code === 'FST_FILES_LIMIT') return refused(ONLY_ONE_PHOTO, { image: ONLY_ONE_PHOTO });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return refused('The form has too many fields');
  }
  return refused(FORM_UNREADABLE);
}

/** Reads the new-starter form (its fields and optional photo) and checks the fields. */
export async function readStarterForm(request: FastifyRequest): Promise<StarterForm> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the starter as multipart/form-data');
  }
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: STARTER_FORM_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' || photo !== undefined) {
          part.file.resume();
          throw refused(ONLY_ONE_PHOTO, { image: ONLY_ONE_PHOTO });
        }
        // Streams into memory and stops at 5 MiB + 1 byte.
        const bytes = await part.toBuffer();
        // A form with an empty file input still sends the part.
        photo = bytes.length > 0 ? bytes : undefined;
      } else if (TEXT_FIELDS.has(part.fieldname)) {
        if (part.valueTruncated || typeof part.value !== 'string') {
          throw refused(`The ${part.fieldname} field is too long`, {
            [part.fieldname]: 'Too long',
          });
        }
        fields[part.fieldname] = part.value;
      } else if (LIST_FIELDS.has(part.fieldname)) {
        if (part.valueTruncated || typeof part.value !== 'string') {
          throw refused(`The ${part.fieldname} field is too long`, {
            [part.fieldname]: 'Too long',
          });
        }
        (lists[part.fieldname] ??= []).push(part.value);
      }
    }
  } catch (err) {
    throw formError(err);
  }
  const parsed = createStarterSchema.safeParse({
    title: fields.title ?? '',
    description: fields.description ?? '',
    category: fields.category ?? '',
    subcategory: fields.subcategory ?? '',
    starterType: fields.starterType ?? '',
    customDescription: fields.customDescription,
    location: fields.location ?? '',
    portions: fields.portions,
    travel: lists.travel,
    postage: fields.postage,
    bring: fields.bring,
    availableDays: fields.availableDays,
    form: fields.form,
    lastFedAt: fields.lastFedAt,
    careNotes: fields.careNotes,
    parentId: fields.parentId,
    originStory: fields.originStory,
    bornYear: fields.bornYear,
  });
  if (!parsed.success) throw validationError(parsed.error);
  return { input: parsed.data, photo };
}
