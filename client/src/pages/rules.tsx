import { Link } from 'react-router';
import {
  Archive,
  Ban,
  FileText,
  Flag,
  Gift,
  Lock,
  Scale,
  ScrollText,
  ShieldCheck,
  Sprout,
  UserCheck,
} from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { CheckList } from '../features/content/check-list';
import { ContentPage, PageIntro } from '../features/content/page-intro';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';
import { paths } from '../lib/paths';

const rules = [
  {
    icon: ShieldCheck,
    title: 'Safety & Quality',
    items: [
      'Only share healthy, safe and active starters that you would happily use yourself.',
      'Never share a culture showing any sign of contamination — mold, odd colours or a foul smell.',
      'Be honest if a starter is untested or new to you, so the recipient can decide.',
      'Clean, food-safe containers are strongly recommended for every handover.',
    ],
  },
  {
    icon: Gift,
    title: 'Free Items Only',
    items: [
      'CultureShare is a gift economy: everything shared here is free.',
      'No selling, and no trades for money or money-like credit.',
      'No hidden fees — no "handling", "packaging" or "jar deposit" charges.',
      'It is fine to ask the recipient to bring a clean jar of their own.',
    ],
  },
  {
    icon: Sprout,
    title: 'Fermentation Starters Only',
    items: [
      'Share living starters in our four categories: dairy, grains, tea/beverage and legume/soy.',
      'No prepared foods: a jar of sauerkraut or a loaf of bread is lovely, but not a starter.',
      'No store-bought products such as bottled kombucha or packaged yogurt.',
    ],
  },
  {
    icon: FileText,
    title: 'Be Clear & Accurate',
    items: [
      'Name the starter type and its base — for example "rye sourdough" or "milk kefir on whole milk".',
      'Share its fermentation history: how long you have kept it and where it came from.',
      'Include care tips: feeding schedule, temperature and what it likes to eat.',
      'State whether it is dehydrated, frozen or active.',
      'Describe uncommon or experimental starters in extra detail.',
    ],
  },
];

const guidelines = [
  {
    icon: Lock,
    title: 'Respect Privacy',
    text: 'Keep addresses and phone numbers out of listings. Share pickup details in private messages, and only what is needed.',
  },
  {
    icon: Ban,
    title: 'No Inappropriate Content',
    text: 'No offensive, hateful or unrelated content in listings, photos or messages.',
  },
  {
    icon: UserCheck,
    title: 'One Person, One Account',
    text: 'Use a single account so the community knows who it is talking to.',
  },
  {
    icon: Archive,
    title: 'Archive or Delete Once Claimed',
    text: 'When a starter has found a new home, mark it as claimed or delete the listing so nobody asks for it in vain.',
  },
  {
    icon: Flag,
    title: 'Community Moderation',
    text: 'Anyone can flag a post that breaks these rules. Moderators review every report and may remove posts, suspend accounts or ban repeat offenders.',
  },
];

export default function RulesPage() {
  useDocumentTitle(pages.rules.title);
  return (
    <ContentPage>
      <PageIntro icon={ScrollText} title="Community Rules">
        <p>
          A few simple rules keep CultureShare safe, fair and friendly. Please read them before you
          post or request a starter.
        </p>
      </PageIntro>

      <ol className="mt-12 grid gap-5 md:grid-cols-2">
        {rules.map(({ icon: Icon, title, items }, i) => (
          <li key={title}>
            <Card className="h-full p-6">
              <div className="flex items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-lg font-bold text-accent-fg">
                  {i + 1}
                </span>
                <h2 className="text-lg font-semibold">{title}</h2>
                <Icon className="ml-auto size-5 text-muted" aria-hidden />
              </div>
              <CheckList className="mt-4" items={items} tone="good" />
            </Card>
          </li>
        ))}
      </ol>

      <section aria-labelledby="additional-guidelines" className="mt-14">
        <h2 id="additional-guidelines" className="text-2xl font-bold">
          Additional Guidelines
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {guidelines.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-border bg-surface p-5">
              <Icon className="mt-0.5 size-5 shrink-0 text-sage" aria-hidden />
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <Card className="mt-14 border-l-4 border-l-accent p-6">
        <div className="flex items-center gap-3">
          <Scale className="size-5 text-accent-hover dark:text-accent" aria-hidden />
          <h2 className="text-lg font-semibold">Legal Disclaimer</h2>
        </div>
        <p className="mt-3 text-sm leading-relaxed text-muted">
          CultureShare only connects neighbours; we do not inspect, store or hand over any starter.
          Every culture is shared and used at your own risk, and each member is responsible for
          judging whether a starter is safe to use. Read our{' '}
          <Link
            to={paths.privacy}
            className="font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
          >
            Privacy Policy
          </Link>{' '}
          and{' '}
          <Link
            to={paths.safety}
            className="font-medium text-accent-hover underline underline-offset-4 dark:text-accent"
          >
            Safety Guidelines
          </Link>{' '}
          for the details.
        </p>
      </Card>

      <Card className="mt-6 bg-surface-muted p-8 text-center">
        <h2 className="text-xl font-semibold">Thank you for keeping our culture alive</h2>
        <p className="mx-auto mt-2 max-w-lg text-sm text-muted">
          Ready to find your next starter, or have a question about these rules?
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to={paths.browse}>Browse Starters</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.contact}>Contact Us</Link>
          </Button>
        </div>
      </Card>
    </ContentPage>
  );
}
