import { WithStarterDialogs } from '../app/starter-dialogs';
import { useParams } from 'react-router';
import { StarterStandingOffer } from '../app/standing-offer-composition';
import { CareCard } from '../features/care/care-card';
import { AskGiverWithPhoto } from '../app/ask-giver-with-photo';
import { ListingAsks } from '../features/asks/listing-asks';
import { StarterDetailView } from '../features/starters/starter-detail-view';
import { parseStarterId } from '../lib/starter-id';
import { SaveHideButtons } from '../features/saved/save-hide-buttons';
import { useStarter } from '../features/starters/starters-api';

export default function Page() {
  const { id } = useParams();
  // The same cached query the view reads: the page only composes the parts under it.
  const starter = useStarter(parseStarterId(id)).data;
  return (
    <WithStarterDialogs>
      <StarterDetailView rawId={id} />
      {starter && (
        <div className="mx-auto max-w-6xl px-4 pb-4">
          <SaveHideButtons starter={starter} />
        </div>
      )}
      {starter && <ListingAsks starter={starter} />}
      {/* A claimed starter cannot become a standing offer (the server refuses): not offered. */}
      {!(starter?.isClaimed || starter?.status === 'claimed') && (
        <StarterStandingOffer rawId={id} />
      )}
      {starter && (
        <div className="mx-auto max-w-6xl px-4 pb-10">
          <CareCard
            subcategory={starter.subcategory}
            form={starter.form}
            careNotes={starter.careNotes}
            askGiver={<AskGiverWithPhoto starter={starter} />}
          />
        </div>
      )}
    </WithStarterDialogs>
  );
}
