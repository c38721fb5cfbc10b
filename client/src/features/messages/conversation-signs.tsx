import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import { useMessageText } from '../../lib/message-text';
import { useConversationSigns } from './messages-api';

/**
 * Facts about the member who opened the conversation, for the one they wrote to: short and
 * plain, never a verdict on the person.
 */
export function ConversationSigns({ starterId, otherId }: { starterId: number; otherId: string }) {
  const { t } = useTranslation('conversations');
  const say = useMessageText();
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
            {say(sign.text)}
          </li>
        ))}
      </ul>
    </section>
  );
}
