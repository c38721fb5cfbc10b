import { z } from 'zod';
import { publicUserSchema } from './users';

/**
 * PUT /api/blocks/:memberId → 204, DELETE /api/blocks/:memberId → 204 (private, reversible).
 * Neither side can message the other while it lasts.
 */
export const blockedMemberSchema = z.object({ user: publicUserSchema, blockedAt: z.string() });
export const blocksSchema = z.array(blockedMemberSchema);
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

/**
 * GET /api/me/unreachable — members the asker cannot message (blocked either way), so cards
 * can hide the Message button on browse answers, which are shared and carry no `canMessage`.
 */
export const unreachableSchema = z.object({ memberIds: z.array(z.string()) });
export type Unreachable = z.infer<typeof unreachableSchema>;

export const BLOCKED_BY_THEM = "This member isn't taking messages from you.";
export const BLOCKED_BY_YOU = 'You have blocked this member. Unblock them to send a message.';
