import { Link } from 'react-router';
import { Ban, Eye, HandHeart, Package, ShieldCheck, Wind } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { CheckList } from '../features/content/check-list';
import { ContentPage, PageIntro } from '../features/content/page-intro';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';
import { paths } from '../lib/paths';

const inspections = [
  {
    id: 'visual-inspection',
    icon: Eye,
    title: 'Visual Inspection',
    good: [
      'Creamy, white or beige colour typical of the culture',
      'Active bubbles, rising or fizzing after a feed',
      'Kefir grains that look plump and cauliflower-like',
      'A SCOBY that is smooth, even and off-white to tan',
    ],
    warning: [
      'Fuzzy spots or patches of any colour on the surface',
      'Pink, orange, black or bright green discolouration',
      'No activity at all, even after several feeds',
      'Dry, cracked or shrivelled grains or pellicle',
    ],
  },
  {
    id: 'smell-test',
    icon: Wind,
    title: 'Smell Test',
    good: [
      'Pleasantly sour, tangy or yeasty',
      'Vinegary for kombucha, fresh and lactic for kefir and yogurt',
      'Earthy and mushroom-like for tempeh and koji',
      'A little alcohol (the "hooch" on a hungry sourdough) is normal',
    ],
    warning: [
      'Rotten, putrid or like spoiled meat',
      'Strong ammonia or nail-polish remover that does not fade after a feed',
      'Musty, moldy or cheesy in a culture that should not be',
      'Anything that makes you hesitate — trust your nose',
    ],
  },
];

const containerTips = [
  'Use glass or food-grade plastic; avoid reactive metals such as aluminium or copper for acidic cultures.',
  'Wash containers in hot soapy water and rinse well — soap residue can harm a culture.',
  'Leave head room and use a breathable cover for cultures that keep fermenting.',
  'Label the jar with the starter type, date and feeding instructions.',
];

const handlingTips = [
  'Wash your hands and use clean utensils before touching any starter.',
  'Keep a backup of your own culture before you split it to share.',
  'Keep starters cool during transport, and hand them over promptly.',
  'Meet in a public place for pickup, or follow your usual safety habits.',
  'Tell the recipient how and when the starter was last fed.',
];

const doNotShare = [
  'Visible mold of any colour, or fuzzy growth on the surface',
  'A foul, rotten or otherwise "off" smell',
  'Pink, black or green spots or streaks',
  'A slimy or ropy texture that is not normal for the culture',
  'Starters stored improperly, or for too long without feeding',
  'Any doubt at all — when in doubt, throw it out',
];

export default function SafetyPage() {
  useDocumentTitle(pages.safety.title);
  return (
    <ContentPage>
      <PageIntro icon={ShieldCheck} title="Safety Guidelines">
        <p>
          Fermentation is safe and rewarding when the culture is healthy. Use these checks before
          you share a starter, and again when you receive one.
        </p>
      </PageIntro>

      {inspections.map(({ id, icon: Icon, title, good, warning }) => (
        <section key={id} aria-labelledby={id} className="mt-12">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-accent-soft">
              <Icon className="size-5 text-accent-hover dark:text-accent" aria-hidden />
            </span>
            <h2 id={id} className="text-2xl font-bold">
              {title}
            </h2>
          </div>
          <div className="mt-5 grid gap-4 md:grid-cols-2">
            <Card className="border-t-4 border-t-sage p-5">
              <h3 className="font-semibold text-sage">Good Signs</h3>
              <CheckList className="mt-3" items={good} tone="good" />
            </Card>
            <Card className="border-t-4 border-t-danger p-5">
              <h3 className="font-semibold text-danger">Warning Signs</h3>
              <CheckList className="mt-3" items={warning} tone="warning" />
            </Card>
          </div>
        </section>
      ))}

      <div className="mt-12 grid gap-4 md:grid-cols-2">
        <section aria-labelledby="container-safety">
          <Card className="h-full p-6">
            <div className="flex items-center gap-3">
              <Package className="size-5 text-sage" aria-hidden />
              <h2 id="container-safety" className="text-xl font-bold">
                Container Safety
              </h2>
            </div>
            <CheckList className="mt-4" items={containerTips} />
          </Card>
        </section>
        <section aria-labelledby="safe-handling">
          <Card className="h-full p-6">
            <div className="flex items-center gap-3">
              <HandHeart className="size-5 text-sage" aria-hidden />
              <h2 id="safe-handling" className="text-xl font-bold">
                Safe Handling
              </h2>
            </div>
            <CheckList className="mt-4" items={handlingTips} />
          </Card>
        </section>
      </div>

      <section
        aria-labelledby="when-not-to-share"
        className="mt-12 rounded-2xl border-2 border-danger/40 bg-danger-soft p-6 sm:p-8"
      >
        <div className="flex items-center gap-3">
          <Ban className="size-6 text-danger" aria-hidden />
          <h2 id="when-not-to-share" className="text-2xl font-bold">
            When NOT to Share
          </h2>
        </div>
        <p className="mt-2 text-sm">Do not share a starter that shows any of these:</p>
        <CheckList className="mt-4" items={doNotShare} tone="bad" />
      </section>

      <Card className="mt-12 bg-surface-muted p-8 text-center">
        <h2 className="text-xl font-semibold">Share with confidence</h2>
        <p className="mx-auto mt-2 max-w-lg text-sm text-muted">
          Safety goes hand in hand with our community rules. Know them, then find a healthy starter
          near you.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild variant="outline">
            <Link to={paths.rules}>Community Rules</Link>
          </Button>
          <Button asChild>
            <Link to={paths.browse}>Browse Starters</Link>
          </Button>
        </div>
      </Card>
    </ContentPage>
  );
}
