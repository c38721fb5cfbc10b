import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import type { ConversationSign } from '../../../../common/moderation/screening';
import { useMessageText } from '../../lib/message-text';
import { distanceIn, useUnitSystem } from '../../lib/unit-system';
import { useConversationSigns } from './messages-api';

/**
 * A sign in the page's language, a distance in the member's units (kilometres or miles), from
 * its code and facts. A sign without its facts (an answer from before they were sent) keeps the
 * server's English words.
 */
function useSignText(): (sign: ConversationSign) => string {
  const { t } = useTranslation('conversations');
  const say = useMessageText();
  const [system] = useUnitSystem();
  return (sign) => {
    switch (sign.code) {
      case 'joined_today':
        return t('signs.joinedToday');
      case 'far_away': {
        if (sign.km === undefined) break;
        const { unit, distance } = distanceIn(system, sign.km);
        return t(unit === 'mi' ? 'signs.farAwayMi' : 'signs.farAwayKm', {
          distance: Math.round(distance),
        });
      }
      case 'rarely_replies':
        return t('signs.rarelyReplies');
      case 'negative_feedback':
        if (sign.count === undefined) break;
        return t('signs.negativeFeedback', { count: sign.count });
      case 'already_reserved':
        return t('signs.alreadyReserved');
    }
    return say(sign.text);
  };
}

/**
 * Facts about the member who opened the conversation, for the one they wrote to: short and
 * plain, never a verdict on the person.
 */
export function ConversationSigns({ starterId, otherId }: { starterId: number; otherId: string }) {
  const { t } = useTranslation('conversations');
  const signText = useSignText();
  const signs = useConversationSigns(starterId, otherId).data?.signs ?? [];
  if (signs.length === 0) return null;
  return (
    <section
      aria-label={t('thread.about')}
      className="border-b border-border bg-surface-muted/60 px-4 py-2 text-sm"
    >
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-muted">
        {signs.map((sign) => (
          <li key={sign.code} className="flex items-center gap-1.5">
            <Info className="size-4 shrink-0" aria-hidden />
            {signText(sign)}
          </li>
        ))}
      </ul>
    </section>
  );
}
