import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

/**
 * Questions that open one at a time (spec §9); the open one can be closed again. Plain
 * `<details>` sharing one `name`: the browser opens and closes them, so a question opens on the
 * first tap whether or not the app has taken the page over yet (decision 122).
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface shadow-sm">
      {items.map((item) => (
        <details key={item.id} name="faq" className="group">
          {/* A heading inside the summary, under the page's "Frequently Asked Questions" <h2>. */}
          <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-start font-semibold transition-colors hover:bg-surface-muted [&::-webkit-details-marker]:hidden">
            <h3>{item.question}</h3>
            <ChevronDown
              className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <div className="px-5 pb-5 text-sm leading-relaxed text-muted">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
