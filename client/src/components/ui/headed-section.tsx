import { useId, type ReactNode } from 'react';

/**
 * A part of a page named by its heading, so assistive technology lists it as a region by that
 * name. `id` only where a link or the page's own script points at the heading.
 */
export function HeadedSection({
  id,
  title,
  level = 2,
  className = 'grid gap-3',
  headingClassName = 'text-xl font-semibold',
  children,
}: {
  id?: string;
  title: ReactNode;
  level?: 2 | 3;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  const ownId = useId();
  const headingId = id ?? ownId;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className={className}>
      <Heading id={headingId} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
