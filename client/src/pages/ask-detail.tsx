import { useParams } from 'react-router';
import { AskDetailView } from '../features/asks/ask-detail-view';
import { usePageTitle } from '../lib/use-document-title';

export default function Page() {
  usePageTitle('ask');
  const { id } = useParams();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <AskDetailView key={id} id={Number(id)} />
    </div>
  );
}
