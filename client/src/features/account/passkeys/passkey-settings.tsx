import { useState, type FormEvent } from 'react';
import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { passkeyNameSchema, type Passkey } from '../../../../../common/members/account';
import { ActionRow } from '../../../components/ui/action-row';
import { Button } from '../../../components/ui/button';
import { MutationButton } from '../../../components/ui/mutation-button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogActions, DialogContent } from '../../../components/ui/dialog';
import { Field, fieldAria, Input } from '../../../components/ui/form-controls';
import { toast, toastError, toastFailure } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { useMessageText } from '../../../lib/message-text';
import { timeAgo } from '../../../lib/time';
import {
  useAddPasskey,
  useMailPasskeyLink,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
  type PasskeyProof,
} from './passkeys-api';

/** The browser turned the request down (the member cancelled, or no authenticator). */
const wasCancelled = (err: unknown) =>
  err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError');

function nameError(name: string): string | undefined {
  const parsed = passkeyNameSchema.safeParse(name);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * Adding a passkey asks, in the same step, that the member shows it is them: the current
 * password, a passkey they already have, or (with neither) a link mailed to their address.
 */
function ProveDialog({
  hasPasskeys,
  busy,
  error,
  onProof,
  onClose,
}: {
  hasPasskeys: boolean;
  busy: boolean;
  error?: string;
  onProof: (proof: PasskeyProof) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const mailLink = useMailPasskeyLink();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string>();
  const shown = missing ?? error;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = password ? undefined : say('Enter your current password to add a passkey.');
    setMissing(problem);
    if (!problem) onProof({ currentPassword: password });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('passkeys.proveTitle')} description={t('passkeys.proveText')}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field id="passkey-password" label={t('passkeys.currentPassword')} error={shown}>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              {...fieldAria('passkey-password', shown)}
            />
          </Field>
          <DialogActions>
            <Button type="submit" disabled={busy}>
              {busy ? t('passkeys.adding') : t('passkeys.continue')}
            </Button>
          </DialogActions>
        </form>
        <div className="mt-4 grid justify-items-start gap-1 border-t border-border pt-3">
          {hasPasskeys && (
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => onProof({ existingPasskey: true })}
            >
              {t('passkeys.useExisting')}
            </Button>
          )}
          <Button
            variant="ghost"
            disabled={mailLink.isPending}
            onClick={() =>
              mailLink.mutate(undefined, {
                onSuccess: (notice) => {
                  toast({ title: notice.message });
                  onClose();
                },
                onError: (err) => setMissing(errorMessage(err, say('Please try again.'))),
              })
            }
          >
            {t('passkeys.noPassword')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The token of a mailed "add a passkey" link this page was opened with, if any. */
function useLinkToken() {
  const [params, setParams] = useSearchParams();
  const token = params.get('passkey');
  const spend = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('passkey');
        return next;
      },
      { replace: true },
    );
  return { token, spend };
}

function AddPasskeyForm({ hasPasskeys }: { hasPasskeys: boolean }) {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const add = useAddPasskey();
  const link = useLinkToken();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [asking, setAsking] = useState(false);
  const [proofError, setProofError] = useState<string>();
  const finish = async (proof: PasskeyProof) => {
    setProofError(undefined);
    try {
      await add.mutateAsync({ name: name.trim(), proof });
      setName('');
      setAsking(false);
      if ('emailToken' in proof) link.spend();
      toast({ title: t('passkeys.added'), description: t('passkeys.addedText') });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401 && asking) {
        setProofError(errorMessage(err, say('Please try again.')));
        return;
      }
      setAsking(false);
      if ('emailToken' in proof && err instanceof ApiError) link.spend();
      toastError(
        wasCancelled(err) ? t('passkeys.noneMade') : errorMessage(err, say('Please try again.')),
        t('passkeys.couldNotAdd'),
      );
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = nameError(name);
    setError(problem);
    if (problem) return;
    if (link.token) void finish({ emailToken: link.token });
    else setAsking(true);
  };
  return (
    <>
      {link.token && (
        <p role="status" className="text-sm">
          {t('passkeys.linkReady')}
        </p>
      )}
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <Field id="passkey-name" label={t('passkeys.newName')} error={error}>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('passkeys.namePlaceholder')}
            autoComplete="off"
            {...fieldAria('passkey-name', error)}
          />
        </Field>
        <Button type="submit" disabled={add.isPending}>
          <KeyRound className="size-4" aria-hidden />
          {add.isPending ? t('passkeys.adding') : t('passkeys.add')}
        </Button>
      </form>
      {asking && (
        <ProveDialog
          hasPasskeys={hasPasskeys}
          busy={add.isPending}
          error={proofError}
          onProof={(proof) => void finish(proof)}
          onClose={() => {
            setAsking(false);
            setProofError(undefined);
          }}
        />
      )}
    </>
  );
}

function RenameDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation('account');
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string>();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameError(name);
    setError(problem);
    if (problem) return;
    try {
      await rename.mutateAsync({ id: passkey.id, name: name.trim() });
      onClose();
    } catch (err) {
      setError(errorMessage(err, t('passkeys.couldNotRename')));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('passkeys.renameTitle')}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field id="passkey-rename" label={t('passkeys.name')} error={error}>
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              {...fieldAria('passkey-rename', error)}
            />
          </Field>
          <DialogActions>
            <Button type="submit" disabled={rename.isPending}>
              {t('passkeys.save')}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** /profile: the member's passkeys — add one (named), rename or remove each. */
export function PasskeySettings() {
  const { t } = useTranslation('account');
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const list = passkeys.data ?? [];
  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold">{t('passkeys.heading')}</h2>
        <p className="mt-1 text-sm text-muted">{t('passkeys.intro')}</p>
      </div>
      {list.length > 0 && (
        <ul className="grid gap-2" aria-label={t('passkeys.list')}>
          {list.map((p) => (
            <ActionRow key={p.id}>
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere">{p.name}</p>
                <p className="text-xs text-muted">
                  {p.lastUsedAt
                    ? t('passkeys.addedUsed', {
                        added: timeAgo(p.createdAt),
                        used: timeAgo(p.lastUsedAt),
                      })
                    : t('passkeys.addedUnused', { added: timeAgo(p.createdAt) })}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  onClick={() => setRenaming(p)}
                  aria-label={t('passkeys.renameNamed', { name: p.name })}
                >
                  <Pencil className="size-4" aria-hidden />
                  {t('passkeys.rename')}
                </Button>
                <MutationButton
                  variant="outline"
                  aria-label={t('passkeys.removeNamed', { name: p.name })}
                  mutation={remove}
                  variables={p.id}
                  outcome={{
                    onSuccess: () => toast({ title: t('passkeys.removed') }),
                    onError: toastFailure('Please try again.'),
                  }}
                >
                  <Trash2 className="size-4" aria-hidden />
                  {t('passkeys.remove')}
                </MutationButton>
              </div>
            </ActionRow>
          ))}
        </ul>
      )}
      <AddPasskeyForm hasPasskeys={list.length > 0} />
      {renaming && <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} />}
    </Card>
  );
}
