import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BellMinus, Download, PauseCircle, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { MutationButton } from '../../components/ui/mutation-button';
import { Dialog, DialogActions, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Field, fieldAria, Input } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useMessageText } from '../../lib/message-text';
import { paths } from '../../lib/paths';
import {
  useDeleteAccount,
  usePauseListings,
  useRequestDeletionCode,
  useRequestExport,
} from './account-api';

function DownloadMyData() {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const request = useRequestExport();
  const [notice, setNotice] = useState<string>();
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">{t('data.download')}</h3>
      <p className="text-sm text-muted">{t('data.downloadText')}</p>
      <MutationButton
        variant="outline"
        className="justify-self-start"
        mutation={request}
        variables={undefined}
        outcome={{
          onSuccess: (res) => setNotice(res.message),
          onError: (err) => setNotice(errorMessage(err, t('data.tryLater'))),
        }}
      >
        <Download className="size-4" aria-hidden />
        {request.isPending ? t('data.asking') : t('data.download')}
      </MutationButton>
      <p role="status" className="text-sm wrap-anywhere">
        {notice && say(notice)}
      </p>
    </div>
  );
}

function Alternatives({ onContinue }: { onContinue: () => void }) {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const pause = usePauseListings();
  const [paused, setPaused] = useState<string>();
  return (
    <div className="grid gap-4">
      <p className="text-sm">{t('data.beforeYouGo')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <DialogClose asChild>
          <Button asChild variant="outline">
            {/* The profile's Notifications tab: the mail choices (this page is /settings). */}
            <Link to={paths.mailSettings}>
              <BellMinus className="size-4" aria-hidden />
              {t('data.fewerEmails')}
            </Link>
          </Button>
        </DialogClose>
        <MutationButton
          variant="outline"
          mutation={pause}
          variables={undefined}
          outcome={{
            onSuccess: (res) => setPaused(res.message),
            onError: (err) => setPaused(errorMessage(err, 'Please try again.')),
          }}
        >
          <PauseCircle className="size-4" aria-hidden />
          {t('data.pause')}
        </MutationButton>
      </div>
      <p role="status" className="text-sm">
        {paused && say(paused)}
      </p>
      <DialogActions>
        <Button variant="destructive" onClick={onContinue}>
          {t('data.continue')}
        </Button>
      </DialogActions>
    </div>
  );
}

function ConfirmDeletion() {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const askCode = useRequestDeletionCode();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [withCode, setWithCode] = useState(false);
  const [error, setError] = useState<string>();
  const [codeNotice, setCodeNotice] = useState<string>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = withCode ? code.trim() : password;
    if (!value) {
      setError(withCode ? t('data.enterCode') : t('data.enterPassword'));
      return;
    }
    setError(undefined);
    try {
      const res = await remove.mutateAsync(withCode ? { code: value } : { password: value });
      toast({ title: t('data.deleted'), description: res.message });
      navigate('/');
    } catch (err) {
      const message = errorMessage(err, t('data.couldNotDelete'));
      setError(message);
      toastError(message, t('data.couldNotDelete'));
    }
  };

  const fieldId = withCode ? 'delete-code' : 'delete-password';
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm">{t('data.whatHappens')}</p>
      {withCode ? (
        <Field id={fieldId} label={t('data.code')} error={error}>
          <Input
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            {...fieldAria(fieldId, error)}
          />
        </Field>
      ) : (
        <Field id={fieldId} label={t('data.password')} error={error}>
          <Input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            {...fieldAria(fieldId, error)}
          />
        </Field>
      )}
      {!withCode && (
        <MutationButton
          variant="ghost"
          className="justify-self-start"
          mutation={askCode}
          variables={undefined}
          outcome={{
            onSuccess: (res) => {
              setWithCode(true);
              setCodeNotice(res.message);
            },
            onError: (err) => setCodeNotice(errorMessage(err, t('data.tryLater'))),
          }}
        >
          {t('data.emailCode')}
        </MutationButton>
      )}
      <p role="status" className="text-sm wrap-anywhere">
        {codeNotice && say(codeNotice)}
      </p>
      <DialogActions>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? t('data.deleting') : t('data.delete')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** /profile: take your data with you, or leave (with gentler ways offered first). */
export function LeaveAccount() {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<'alternatives' | 'confirm'>('alternatives');
  return (
    <Card className="grid gap-6 p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{t('data.heading')}</h2>
      <DownloadMyData />
      <div className="grid gap-2">
        <h3 className="font-semibold">{t('data.deleteHeading')}</h3>
        <p className="text-sm text-muted">{t('data.deleteText')}</p>
        <Dialog open={open} onOpenChange={setOpen}>
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => {
              setStep('alternatives');
              setOpen(true);
            }}
          >
            <Trash2 className="size-4" aria-hidden />
            {t('data.delete')}
          </Button>
          {open && (
            <DialogContent title={t('data.delete')}>
              {step === 'alternatives' ? (
                <Alternatives onContinue={() => setStep('confirm')} />
              ) : (
                <ConfirmDeletion />
              )}
            </DialogContent>
          )}
        </Dialog>
      </div>
    </Card>
  );
}
