import { handoverKeys } from '../features/handovers/handovers-api';
import { messagesKeys } from '../features/messages/messages-api';
import { StandingOfferSection } from '../features/standing-offers/standing-offer-section';
import { StandingOfferRelatedKeysProvider } from '../features/standing-offers/standing-offers-api';
import { parseStarterId } from '../features/starters/starter-detail-view';
import { starterKeys } from '../features/starters/starters-api';

/** An accepted offer reserves a portion: the starter, its threads and my hand-overs refresh. */
const relatedKeys = [starterKeys.all, messagesKeys.all, handoverKeys.all] as const;

/** The starter page's "Standing offer" part, under the listing beside its details column. */
export function StarterStandingOffer({ rawId }: { rawId: string | undefined }) {
  const id = parseStarterId(rawId);
  if (id === null) return null;
  return (
    <StandingOfferRelatedKeysProvider value={relatedKeys}>
      <div className="mx-auto max-w-6xl px-4 pb-10 lg:grid lg:grid-cols-[3fr_2fr] lg:gap-8">
        <div className="lg:col-start-2">
          <StandingOfferSection starterId={id} />
        </div>
      </div>
    </StandingOfferRelatedKeysProvider>
  );
}
