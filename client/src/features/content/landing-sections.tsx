import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  BookOpen,
  Gift,
  HeartHandshake,
  MessageCircle,
  ShieldCheck,
  Upload,
  Users,
} from 'lucide-react';
import { categories } from '../../../../common/catalogue';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/current-user';

/** The four categories a visitor can browse straight from the landing page ('other' is not featured). */
const featuredCategories = categories.filter((c) => c.key !== 'other');

/** `figures`: the site's counts, under the buttons (the page brings them, decision 046). */
export function Hero({ figures }: { figures?: ReactNode }) {
  const { user } = useCurrentUser();
  return (
    <section className="relative overflow-hidden border-b border-border bg-gradient-to-b from-accent-soft/60 to-bg">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1.15fr_1fr]">
        <div className="text-center lg:text-left">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-sm font-medium text-muted">
            <Gift className="size-4 text-accent" aria-hidden />
            Free starters from your neighbours
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            Share the <span className="text-accent-hover dark:text-accent">Culture</span>
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-base text-muted sm:text-lg lg:mx-0">
            Got more kefir grains, sourdough or SCOBY than you can use? Pass them on. CultureShare
            connects fermenters nearby so living cultures find a new kitchen — always for free.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3 lg:justify-start">
            <Button asChild size="lg">
              <Link to={paths.browse}>
                Browse Starters
                <ArrowRight className="size-4" aria-hidden />
              </Link>
            </Button>
            {!user && (
              <Button asChild size="lg" variant="outline">
                <Link to={paths.join}>Join</Link>
              </Button>
            )}
          </div>
          {figures && <div className="mt-5">{figures}</div>}
        </div>
        {/* They look like tiles to press, so they are: each opens browse at its category. */}
        <nav aria-label="Categories" className="mx-auto w-full max-w-64 sm:max-w-sm">
          <ul className="grid grid-cols-2 gap-3 sm:gap-4">
            {featuredCategories.map((c, i) => (
              <li key={c.key}>
                <Link
                  to={paths.browseCategory.href(c.key)}
                  className={
                    'flex aspect-square flex-col items-center justify-center gap-1 rounded-3xl border border-border bg-surface p-2 text-center shadow-sm transition hover:border-accent hover:shadow-md sm:gap-2 ' +
                    (i % 2 === 0 ? '-rotate-2' : 'translate-y-4 rotate-2')
                  }
                >
                  <span className="text-4xl sm:text-6xl" aria-hidden>
                    {c.emoji}
                  </span>
                  <span className="text-xs font-medium sm:text-sm">{c.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}

const steps = [
  {
    icon: Upload,
    title: 'Share Your Starters',
    text: 'Post your extra kefir grains, sourdough starter or SCOBY with a photo, where you are and a few care notes.',
  },
  {
    icon: Users,
    title: 'Connect with the Community',
    text: "Browse what neighbours are offering and find the culture you've been meaning to try.",
  },
  {
    icon: MessageCircle,
    title: 'Arrange Pickup',
    text: 'Message the owner to agree on a time and place. Bring a clean jar — no money changes hands.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="how-it-works" className="text-center text-2xl font-bold sm:text-3xl">
        How It Works
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-center text-muted">
        Three simple steps from your kitchen to theirs.
      </p>
      <ol className="mt-10 grid gap-6 md:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="rounded-2xl border border-border bg-surface p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-soft">
                <Icon className="size-6 text-accent-hover dark:text-accent" aria-hidden />
              </span>
              <span className="text-sm font-semibold text-muted">Step {i + 1}</span>
            </div>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function CategoryShowcase() {
  return (
    <section aria-labelledby="categories" className="bg-surface-muted py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="categories" className="text-center text-2xl font-bold sm:text-3xl">
          Browse by Category
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-center text-muted">
          From tangy dairy to bubbly tea, find a culture that suits your kitchen.
        </p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {featuredCategories.map((c) => (
            <li key={c.key}>
              <Link
                to={paths.browseCategory.href(c.key)}
                className="group flex h-full flex-col rounded-2xl border border-border bg-surface p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-accent hover:shadow-md"
              >
                <span
                  className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-3xl"
                  aria-hidden
                >
                  {c.emoji}
                </span>
                <h3 className="text-lg font-semibold group-hover:text-accent-hover dark:group-hover:text-accent">
                  {c.name}
                </h3>
                <p className="mt-2 text-sm text-muted">
                  {c.subcategories.map((s) => s.label).join(' · ')}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const values = [
  {
    icon: Gift,
    title: 'Gift Economy',
    text: 'Every starter is given freely. No selling, no fees, no trades for money — just generosity.',
  },
  {
    icon: ShieldCheck,
    title: 'Safety First',
    text: 'We share only healthy, active cultures, and we are honest about their condition.',
  },
  {
    icon: BookOpen,
    title: 'Share Knowledge',
    text: 'A starter travels best with its story: feeding schedule, favourite flour, what it likes.',
  },
  {
    icon: HeartHandshake,
    title: 'Respect & Kindness',
    text: 'Be patient, be clear about pickup, and treat every neighbour the way you would like to be treated.',
  },
];

export function CommunityValues() {
  return (
    <section aria-labelledby="community-values" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="community-values" className="text-center text-2xl font-bold sm:text-3xl">
        Our Community Culture
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-center text-muted">
        The values that keep this community alive — like a well-fed starter.
      </p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {values.map(({ icon: Icon, title, text }) => (
          <li key={title} className="text-center">
            <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-sage-soft">
              <Icon className="size-6 text-sage" aria-hidden />
            </span>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
