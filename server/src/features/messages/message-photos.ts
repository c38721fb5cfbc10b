import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_PHOTOS_MAX,
  PHOTO_MAX_BYTES,
} from '../../../../common/site/constants';
import type { MessagePhoto } from '../../../../common/conversations/messages';
import { isModerator } from '../../access/members';
import { requireStarter, type Viewer } from '../../access/starter-access';
import type { DbOrTx } from '../../db/client';
import { heldMessages, messagePhotos, messages, reports } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { processPhoto, type ProcessedPhoto } from '../starters/photos';
import { photoQueue } from '../starters/photo-queue';
import { readPhotoForm } from '../starters/photo-form';

/**
 * Photos in messages (decision 077): the listing photo pipeline (type by content, 5 MB,
 * metadata and GPS stripped, a thumbnail), stored beside the message and served only to the
 * conversation's two members, or to a moderator once the message is reported.
 */

export const TOO_MANY_MESSAGE_PHOTOS = `At most ${MESSAGE_PHOTOS_MAX} photos per message`;
const ONLY_PHOTOS = `Photos go in "image" fields, at most ${MESSAGE_PHOTOS_MAX}`;
const FORM_UNREADABLE = 'The message could not be read. Please try again.';

/** A message form: three short fields and up to four photos. */
const MESSAGE_FORM_LIMITS = {
  fileSize: PHOTO_MAX_BYTES,
  files: MESSAGE_PHOTOS_MAX,
  fields: 5,
  // The text at its longest, every character four bytes.
  fieldSize: MESSAGE_MAX_LENGTH * 4 + 64,
  fieldNameSize: 100,
  parts: MESSAGE_PHOTOS_MAX + 5,
  headerPairs: 100,
};
const TEXT_FIELDS = new Set(['starterId', 'receiverId', 'content']);

const refused = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'bad_request', message, fields);

const uploads = new WeakMap<FastifyRequest, Buffer[]>();

/**
 * POST /api/messages as multipart/form-data: reads its fields into `request.body` (checked by
 * the route's schema like a JSON body) and keeps its `image` parts for `uploadedPhotos`.
 */
export async function readMessageForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const { fields, photos } = await readPhotoForm(request, {
    limits: MESSAGE_FORM_LIMITS,
    textFields: TEXT_FIELDS,
    name: 'message',
    onlyPhotos: ONLY_PHOTOS,
    tooManyPhotos: TOO_MANY_MESSAGE_PHOTOS,
    unreadable: FORM_UNREADABLE,
  });
  request.body = fields;
  uploads.set(request, photos);
}

/** The photos a multipart message carried (none for a JSON one). */
export function uploadedPhotos(request: FastifyRequest): Buffer[] {
  return uploads.get(request) ?? [];
}

/** Decodes and re-encodes each photo, one at a time through the shared photo line. */
export async function preparePhotos(uploaded: Buffer[]): Promise<ProcessedPhoto[]> {
  if (uploaded.length > MESSAGE_PHOTOS_MAX) {
    throw refused(TOO_MANY_MESSAGE_PHOTOS, { image: TOO_MANY_MESSAGE_PHOTOS });
  }
  const prepared: ProcessedPhoto[] = [];
  for (const bytes of uploaded) prepared.push(await photoQueue.run(() => processPhoto(bytes)));
  return prepared;
}

/** Stores a message's photos in the message's own transaction, in the order sent. */
export async function storePhotos(tx: DbOrTx, messageId: number, prepared: ProcessedPhoto[]) {
  if (prepared.length === 0) return [];
  const rows = await tx
    .insert(messagePhotos)
    .values(
      prepared.map((p, position) => ({
        messageId,
        full: p.full,
        thumbnail: p.thumbnail,
        width: p.width,
        height: p.height,
        position,
      })),
    )
    .returning({ id: messagePhotos.id });
  return rows.map((r) => photoUrls(r.id));
}

export function photoUrls(id: string): MessagePhoto {
  return {
    url: `/api/messages/photos/${id}/full.webp`,
    thumbUrl: `/api/messages/photos/${id}/thumb.webp`,
  };
}

/** Each message's photos (by message id), in the order they were sent. */
export async function photosOfMessages(
  db: DbOrTx,
  messageIds: number[],
): Promise<Map<number, MessagePhoto[]>> {
  const byMessage = new Map<number, MessagePhoto[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({ id: messagePhotos.id, messageId: messagePhotos.messageId })
    .from(messagePhotos)
    .where(inArray(messagePhotos.messageId, messageIds))
    .orderBy(asc(messagePhotos.messageId), asc(messagePhotos.position));
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push(photoUrls(row.id));
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/**
 * A message photo's bytes, for the conversation's two members while they may see the starter,
 * and for moderators when the message has been reported. Anyone else: 404, as for no photo.
 */
export async function getMessagePhoto(
  db: DbOrTx,
  viewer: Viewer,
  input: { photoId: string; variant: 'full' | 'thumb' },
): Promise<Buffer> {
  const missing = () => notFound('Photo not found');
  if (!viewer) throw missing();
  const [row] = await db
    .select({
      messageId: messages.id,
      starterId: messages.starterId,
      senderId: messages.senderId,
      receiverId: messages.receiverId,
    })
    .from(messagePhotos)
    .innerJoin(messages, eq(messages.id, messagePhotos.messageId))
    .where(eq(messagePhotos.id, input.photoId))
    .limit(1);
  if (!row) {
    // A held message's photos: its sender sees them in their thread, moderators in the
    // Held tab; the receiver learns of nothing until a moderator releases it.
    const [held] = await db
      .select({ senderId: heldMessages.senderId })
      .from(messagePhotos)
      .innerJoin(heldMessages, eq(heldMessages.id, messagePhotos.messageId))
      .where(and(eq(messagePhotos.id, input.photoId), eq(heldMessages.status, 'held')))
      .limit(1);
    if (!held || (held.senderId !== viewer.id && !isModerator(viewer))) throw missing();
    return photoBytes(db, input, missing);
  }
  const isMember = viewer.id === row.senderId || viewer.id === row.receiverId;
  if (isMember) {
    try {
      await requireStarter(db, viewer, row.starterId, 'see');
    } catch {
      throw missing();
    }
  } else {
    if (!isModerator(viewer)) throw missing();
    const [report] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.messageId, row.messageId)))
      .limit(1);
    if (!report) throw missing();
  }
  return photoBytes(db, input, missing);
}

async function photoBytes(
  db: DbOrTx,
  input: { photoId: string; variant: 'full' | 'thumb' },
  missing: () => Error,
): Promise<Buffer> {
  const column = input.variant === 'full' ? messagePhotos.full : messagePhotos.thumbnail;
  const [bytes] = await db
    .select({ bytes: column })
    .from(messagePhotos)
    .where(eq(messagePhotos.id, input.photoId));
  if (!bytes) throw missing();
  return bytes.bytes;
}
