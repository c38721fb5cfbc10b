import type { ReactNode } from 'react';
import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

/** Questions that open one at a time (spec §9); the open one can be closed again. */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface shadow-sm"
    >
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id}>
          {/* Radix renders the header as an <h3>, under the page's "Frequently Asked Questions" <h2>. */}
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-start font-semibold transition-colors hover:bg-surface-muted">
              {item.question}
              <ChevronDown
                className="size-5 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180"
                aria-hidden
              />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 text-sm leading-relaxed text-muted">
            {item.answer}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
