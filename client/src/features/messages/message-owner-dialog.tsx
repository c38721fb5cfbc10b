import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Lightbulb } from 'lucide-react';
import { MESSAGE_MAX_LENGTH } from '../../../../common/constants';
import { messageContentSchema } from '../../../../common/messages';
import type { Starter } from '../../../../common/starters';
import { Button } from '../../components/ui/button';
import { Dialog, DialogActions, DialogContent } from '../../components/ui/dialog';
import { Field, fieldAria, Textarea } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../../lib/current-user';
import { useSendMessage } from './messages-api';

export interface MessageOwnerDialogProps {
  starter: Starter;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The starter as its own feature shows it; the page composes it in. */
  summary: ReactNode;
}

/** Message Starter Owner dialog (spec §2, §4, §5). */
export function MessageOwnerDialog({
  starter,
  open,
  onOpenChange,
  summary,
}: MessageOwnerDialogProps) {
  const { user, isLoading } = useCurrentUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {user || isLoading ? (
        <MessageForm starter={starter} onOpenChange={onOpenChange} summary={summary} />
      ) : (
        <DialogContent
          title="Sign In Required"
          description="You need to sign in to message other community members."
        >
          <DialogActions>
            <Button asChild>
              <a href="/api/login">Sign In</a>
            </Button>
          </DialogActions>
        </DialogContent>
      )}
    </Dialog>
  );
}

function MessageForm({
  starter,
  onOpenChange,
  summary,
}: {
  starter: Starter;
  onOpenChange: (open: boolean) => void;
  summary: ReactNode;
}) {
  const id = useId();
  const fieldId = `${id}-message`;
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const send = useSendMessage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = messageContentSchema.safeParse(content);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid input');
      return;
    }
    setError(undefined);
    send.mutate(
      { starterId: starter.id, receiverId: starter.userId, content: parsed.data },
      {
        onSuccess: () => {
          setContent('');
          onOpenChange(false);
          toast({
            title: 'Message sent!',
            description: 'Your message has been sent to the starter owner.',
          });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 401) {
            toast({
              title: 'Sign in required',
              description: 'You need to sign in to send messages.',
              variant: 'destructive',
            });
            return;
          }
          toastError(errorMessage(err, 'Failed to send message'));
        },
      },
    );
  };

  const tooLong = content.length > MESSAGE_MAX_LENGTH;
  return (
    <DialogContent title="Message Starter Owner">
      <form onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {summary}
        <Field id={fieldId} label="Message" error={error}>
          <Textarea
            {...fieldAria(fieldId, error)}
            aria-describedby={`${error ? `${fieldId}-error ` : ''}${fieldId}-count`}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              if (error) setError(undefined);
            }}
            placeholder="Hi! I'd love to try your starter. When would suit you for a pickup?"
            rows={5}
          />
          <p
            id={`${fieldId}-count`}
            className={cn('text-right text-xs', tooLong ? 'text-danger' : 'text-muted')}
          >
            {content.length}/{MESSAGE_MAX_LENGTH}
          </p>
        </Field>
        <p className="flex gap-2 rounded-xl bg-sage-soft p-3 text-sm text-text">
          <Lightbulb className="mt-0.5 size-4 shrink-0 text-sage" aria-hidden />
          <span>
            <strong>Tip:</strong> Be specific about pickup times and location. Remember, this is a
            gift economy: no payment should be requested or offered.
          </span>
        </p>
        <DialogActions>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </DialogActions>
      </form>
    </DialogContent>
  );
}
