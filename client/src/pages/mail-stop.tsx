import { useParams } from 'react-router';
import { MailStop } from '../features/mail/mail-stop';
import { usePageTitle } from '../lib/use-document-title';

export default function Page() {
  usePageTitle('mailStop');
  const { key = '', kind = '' } = useParams();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <MailStop mailKey={key} kind={kind} />
    </div>
  );
}
