import {
  CategoryShowcase,
  CommunityValues,
  HowItWorks,
  Hero,
} from '../features/content/landing-sections';
import { DonationCta } from '../features/site/donation-cta';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';

export default function HomePage() {
  useDocumentTitle(pages.home.title);
  return (
    <>
      <Hero />
      <HowItWorks />
      <CategoryShowcase />
      <CommunityValues />
      <DonationCta />
    </>
  );
}
