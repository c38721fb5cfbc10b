import {
  CategoryShowcase,
  CommunityValues,
  HowItWorks,
  Hero,
} from '../features/content/landing-sections';
import { DonationCta } from '../features/site/donation-cta';
import { useDocumentTitle } from '../lib/use-document-title';

export default function HomePage() {
  useDocumentTitle('Share the Culture');
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
