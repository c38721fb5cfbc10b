import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toastError } from '../../components/ui/toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { alertKeys } from '../../lib/query-keys';
import type { AlertStop as AlertToStop } from '../../../../common/listings/alerts';
import { useDescribeAlert, useTypeName } from './alert-text';

const url = (key: string, id: string) => `/api/alerts/stop/${key}/${id}`;

/** An alert mail's stop link: opening it changes nothing; the button stops that alert only. */
export function AlertStop({ mailKey, id }: { mailKey: string; id: string }) {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const describeAlert = useDescribeAlert();
  const typeName = useTypeName();
  const state = useQuery({
    queryKey: alertKeys.stop(mailKey, id),
    queryFn: ({ signal }) => apiRequest<AlertToStop>(url(mailKey, id), { signal }),
    retry: false,
  });
  const stop = useMutation({
    mutationFn: () => apiRequest(url(mailKey, id), { method: 'POST' }),
    onError: (err) =>
      toastError(errorMessage(err, say('Please try again.')), t('alertStop.failed')),
  });
  if (stop.isSuccess) {
    return (
      <Card className="grid gap-3 p-6">
        <h1 className="text-2xl font-bold">{t('alertStop.stoppedTitle')}</h1>
        <p role="status">{t('alertStop.stoppedText')}</p>
      </Card>
    );
  }
  if (state.isPending) return <p role="status">{t('alertStop.loading')}</p>;
  if (state.isError) {
    return (
      <Card className="grid gap-3 p-6">
        <h1 className="text-2xl font-bold">{t('alertStop.alreadyTitle')}</h1>
        <p>{say(errorMessage(state.error, t('alertStop.notValid')))}</p>
      </Card>
    );
  }
  const { alert } = state.data;
  return (
    <Card className="grid gap-4 p-6">
      <h1 className="text-2xl font-bold">{t('alertStop.confirmTitle')}</h1>
      <p>{describeAlert({ ...alert, typeName: typeName(alert.category, alert.subcategory) })}</p>
      <Button
        className="justify-self-start"
        disabled={stop.isPending}
        onClick={() => stop.mutate()}
      >
        {stop.isPending ? t('alertStop.stopping') : t('alertStop.stop')}
      </Button>
    </Card>
  );
}
