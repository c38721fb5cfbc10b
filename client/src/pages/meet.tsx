import { useParams } from 'react-router';
import { MeetView } from '../features/meets/meet-view';
import { usePageTitle } from '../lib/use-document-title';

/** /meets/:id — one swap meet. */
export default function Page() {
  usePageTitle('meet');
  const { id = '' } = useParams();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <MeetView id={Number(id)} />
    </div>
  );
}
