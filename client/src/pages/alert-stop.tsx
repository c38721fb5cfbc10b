import { useParams } from 'react-router';
import { AlertStop } from '../features/alerts/alert-stop';
import { usePageTitle } from '../lib/use-document-title';

export default function Page() {
  usePageTitle('alertStop');
  const { key = '', id = '' } = useParams();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <AlertStop mailKey={key} id={id} />
    </div>
  );
}
