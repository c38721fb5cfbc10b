import { useParams } from 'react-router';
import { pages } from '../../../common/pages';
import { MailStop } from '../features/mail/mail-stop';
import { useDocumentTitle } from '../lib/use-document-title';

export default function Page() {
  useDocumentTitle(pages.mailStop.title);
  const { key = '', kind = '' } = useParams();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <MailStop mailKey={key} kind={kind} />
    </div>
  );
}
