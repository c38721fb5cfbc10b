import { useParams, useSearchParams } from 'react-router';
import { CheckinByMail } from '../features/checkins/checkin-by-mail';
import { usePageTitle } from '../lib/use-document-title';

export default function Page() {
  usePageTitle('checkinAnswer');
  const { id = '', answer = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <CheckinByMail
        checkinId={Number(id) || 0}
        answer={answer}
        mailKey={params.get('key') ?? ''}
      />
    </div>
  );
}
