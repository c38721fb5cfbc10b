import { z } from 'zod';
import { publicUserSchema } from './users';

/** A starter as every read call returns it (spec §3 plus paths to its photo). */
export const starterSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  subcategory: z.string(),
  starterType: z.string(),
  customDescription: z.string().nullable(),
  location: z.string(),
  /** Full-size photo (WebP, ≤ 1600 px), or null. */
  imagePath: z.string().nullable(),
  /** 480 px thumbnail for cards, or null. */
  thumbnailPath: z.string().nullable(),
  isActive: z.boolean(),
  isClaimed: z.boolean(),
  /** Set when a moderator removed it (only its owner and moderators still see it). */
  removedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: publicUserSchema,
});
export type Starter = z.infer<typeof starterSchema>;
