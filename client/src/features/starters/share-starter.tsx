import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Starter } from '../../../../common/listings/starters';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';

/** What a share hands on: the listing's own address, and a line that says it is free. */
export interface ShareTarget {
  url: string;
  title: string;
  text: string;
}

/**
 * Shares a link the way the device does (the Web Share API: the phone's own sheet of apps),
 * else copies it and says so in a toast; where neither is allowed, the toast shows the link to
 * copy by hand. A member who closes the share sheet has chosen: nothing more is shown.
 */
export async function shareLink(
  target: ShareTarget,
  texts: { copied: string; copiedBody: string; copyThis: (url: string) => string },
): Promise<'shared' | 'copied' | 'shown' | 'cancelled'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(target);
      return 'shared';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
      // Not allowed here (no recent tap, a sheet already open): copying still works.
    }
  }
  try {
    await navigator.clipboard.writeText(target.url);
    toast({ title: texts.copied, description: texts.copiedBody });
    return 'copied';
  } catch {
    toast({ title: texts.copyThis(target.url) });
    return 'shown';
  }
}

/** Shares one listing: its page's address, in the reader's words. */
export function useShareStarter() {
  const { t } = useTranslation('starters');
  return (starter: Pick<Starter, 'id' | 'title'>) =>
    shareLink(
      {
        url: new URL(paths.starter.href(starter.id), window.location.origin).href,
        title: starter.title,
        text: t('share.text', { title: starter.title }),
      },
      {
        copied: t('share.copied'),
        copiedBody: t('share.copiedBody'),
        copyThis: (url) => t('share.copyThis', { url }),
      },
    );
}

/** The listing page's "Share" button (decision 142). */
export function ShareStarterButton({
  starter,
  className,
}: {
  starter: Pick<Starter, 'id' | 'title'>;
  className?: string;
}) {
  const { t } = useTranslation('starters');
  const share = useShareStarter();
  return (
    <Button
      variant="outline"
      size="lg"
      className={cn(className)}
      onClick={() => void share(starter)}
    >
      <Share2 className="size-4" aria-hidden />
      {t('share.button')}
    </Button>
  );
}
