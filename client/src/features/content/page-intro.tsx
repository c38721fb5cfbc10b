import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { HeadedSection } from '../../components/ui/headed-section';

/** The top of an information page: a friendly icon, the page's only <h1> and a lead paragraph. */
export function PageIntro({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <header className="text-center">
      <div className="mx-auto mb-5 flex size-16 items-center justify-center rounded-2xl bg-accent-soft">
        <Icon className="size-8 text-accent-hover dark:text-accent" aria-hidden />
      </div>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <div className="mx-auto mt-4 max-w-2xl text-base text-muted sm:text-lg">{children}</div>
    </header>
  );
}

/** A part of an information page below its intro, named by its heading. */
export function ContentSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <HeadedSection
      id={id}
      title={title}
      className="mt-14"
      headingClassName="mb-6 text-2xl font-bold"
    >
      {children}
    </HeadedSection>
  );
}

/** The width and spacing every information page shares. */
export function ContentPage({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">{children}</div>;
}
