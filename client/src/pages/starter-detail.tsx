import { WithStarterDialogs } from '../app/starter-dialogs';
import { useParams } from 'react-router';
import { StarterDetailView } from '../features/starters/starter-detail-view';

export default function Page() {
  const { id } = useParams();
  return (
    <WithStarterDialogs>
      <StarterDetailView rawId={id} />
    </WithStarterDialogs>
  );
}
