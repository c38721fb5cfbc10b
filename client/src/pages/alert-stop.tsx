import { useParams } from 'react-router';
import { pages } from '../../../common/pages';
import { AlertStop } from '../features/alerts/alert-stop';
import { useDocumentTitle } from '../lib/use-document-title';

export default function Page() {
  useDocumentTitle(pages.alertStop.title);
  const { key = '', id = '' } = useParams();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <AlertStop mailKey={key} id={id} />
    </div>
  );
}
