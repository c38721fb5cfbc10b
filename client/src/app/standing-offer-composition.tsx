import { StandingOfferSection } from '../features/standing-offers/standing-offer-section';
import { parseStarterId } from '../lib/starter-id';

/** The starter page's "Standing offer" part, under the listing beside its details column. */
export function StarterStandingOffer({ rawId }: { rawId: string | undefined }) {
  const id = parseStarterId(rawId);
  if (id === null) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pb-10 lg:grid lg:grid-cols-[3fr_2fr] lg:gap-8">
      <div className="lg:col-start-2">
        <StandingOfferSection starterId={id} />
      </div>
    </div>
  );
}
