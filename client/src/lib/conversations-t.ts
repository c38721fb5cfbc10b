import type { TFunction } from 'i18next';
import { i18n } from './i18n';

/** The conversations texts' `t`, as `useTranslation('conversations')` gives it. */
export type ConversationsT = TFunction<'conversations'>;

/**
 * For texts made outside a component (an outbox round, a form rule, a helper a test calls
 * alone): the conversations texts in the language shown at the moment of the call.
 */
export const conversationsT: ConversationsT = i18n.getFixedT(null, 'conversations');
