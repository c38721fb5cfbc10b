import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** One thing waiting for the member: what it is, and a link to where it is done (if any). */
export interface NeedsYouItem {
  key: string;
  icon: ReactNode;
  text: string;
  /** The link's words ("Reply") and where it goes; none when the answer is already on screen. */
  action?: { label: string; to: string };
}

/**
 * The top of a member's landing page: what waits for them (replies owed, hand-overs to confirm,
 * check-ins, standing offers), each with the one link that gets it done. Nothing when nothing
 * waits.
 */
export function NeedsYou({ items }: { items: NeedsYouItem[] }) {
  const { t } = useTranslation('home');
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="needs-you" className="border-b border-border bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-5">
        <h2 id="needs-you" className="text-lg font-bold">
          {t('needsYou.title')}
        </h2>
        <ul className="mt-3 grid gap-2 md:grid-cols-2">
          {items.map((item) => (
            <li
              key={item.key}
              className="flex items-center gap-3 rounded-xl border border-border bg-bg px-3 py-2"
            >
              <span className="flex size-8 shrink-0 items-center justify-center text-accent-hover dark:text-accent">
                {item.icon}
              </span>
              <span className="min-w-0 flex-1 text-sm wrap-anywhere">{item.text}</span>
              {item.action && (
                <Link
                  to={item.action.to}
                  className={cn(buttonClasses('outline', 'md'), 'shrink-0 px-4')}
                >
                  {item.action.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
