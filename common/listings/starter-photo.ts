import { z } from 'zod';

/** A listing shows at most this many photos; the first is its cover. */
export const STARTER_PHOTOS_MAX = 4;
export const TOO_MANY_PHOTOS = `At most ${STARTER_PHOTOS_MAX} photos per starter`;
export const PHOTO_ORDER_INVALID =
  'photoOrder names this starter’s photos by id and new ones as new:0, new:1…, each once';

/** One stored photo of a starter, as the starter's answer lists them. */
export const starterPhotoSchema = z.object({
  id: z.string(),
  imagePath: z.string(),
  thumbnailPath: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StarterPhoto = z.infer<typeof starterPhotoSchema>;

/** A kept photo's id, or `new:<n>`: the n-th `image` part of this request. */
export const NEW_PHOTO_PREFIX = 'new:';
const photoToken = z
  .string(PHOTO_ORDER_INVALID)
  .regex(
    /^(new:[0-9]|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
    PHOTO_ORDER_INVALID,
  );

/**
 * An edit's photos, cover first: the kept ones by id, the uploaded ones as `new:<n>`. Photos
 * left out are removed.
 */
export const photoOrderSchema = z
  .array(photoToken, PHOTO_ORDER_INVALID)
  .max(STARTER_PHOTOS_MAX, TOO_MANY_PHOTOS)
  .refine((order) => new Set(order).size === order.length, PHOTO_ORDER_INVALID);
