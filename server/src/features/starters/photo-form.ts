import type { FastifyRequest } from 'fastify';
import { PHOTO_TOO_LARGE } from '../../../../common/site/constants';
import { HttpError } from '../../errors';

/** What one multipart form with photos takes, and what it says when it is refused. */
export interface PhotoFormRules {
  /** @fastify/multipart's limits: files, their size, fields and parts. */
  limits: Record<string, number>;
  /** Fields kept once (the last one sent); an empty one is kept, empty: an edit clears it. */
  textFields: ReadonlySet<string>;
  /** Fields that may repeat (`travel=pickup&travel=post`), kept in order. */
  listFields?: ReadonlySet<string>;
  /** What the form is, in its messages: "form", "message". */
  name: string;
  onlyPhotos: string;
  tooManyPhotos: string;
  unreadable: string;
}

export interface PhotoFormParts {
  fields: Record<string, string>;
  lists: Record<string, string[]>;
  /** The `image` parts, in order; an empty file input sends none. */
  photos: Buffer[];
}

const refused = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'bad_request', message, fields);

/**
 * Reads a multipart form of short fields and `image` parts (a listing's, a message's). Whatever
 * goes wrong while reading is the sender's doing (a broken boundary, a body cut short, too many
 * parts, a file in another field): 400 with a message, or 413 for a photo over the limit.
 * Fields it does not know are left out.
 */
export async function readPhotoForm(
  request: FastifyRequest,
  rules: PhotoFormRules,
): Promise<PhotoFormParts> {
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  const photos: Buffer[] = [];
  try {
    for await (const part of request.parts({ limits: rules.limits })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') {
          part.file.resume();
          throw refused(rules.onlyPhotos, { image: rules.onlyPhotos });
        }
        // Streams into memory and stops at the size limit + 1 byte.
        const bytes = await part.toBuffer();
        if (bytes.length > 0) photos.push(bytes);
      } else if (rules.textFields.has(part.fieldname) || rules.listFields?.has(part.fieldname)) {
        if (part.valueTruncated || typeof part.value !== 'string') {
          throw refused(`The ${part.fieldname} field is too long`, {
            [part.fieldname]: 'Too long',
          });
        }
        if (rules.listFields?.has(part.fieldname)) (lists[part.fieldname] ??= []).push(part.value);
        else fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw formError(err, rules);
  }
  return { fields, lists, photos };
}

function formError(err: unknown, rules: PhotoFormRules): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, 'too_large', PHOTO_TOO_LARGE, { image: PHOTO_TOO_LARGE });
  }
  if (code === 'FST_FILES_LIMIT') {
    return refused(rules.tooManyPhotos, { image: rules.tooManyPhotos });
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return refused(`The ${rules.name} has too many fields`);
  }
  return refused(rules.unreadable);
}
