import { useState, type ReactNode } from 'react';
import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { cn } from '../../lib/cn';
import { useReturnFocus } from '../../lib/return-focus';
import { Button } from './button';

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogAction = AlertDialogPrimitive.Action;

/**
 * A centred question that needs an answer before anything else: a title, what answering
 * does, then the caller's body and actions. Focus goes back to what opened it.
 */
export function AlertDialogContent({
  title,
  description,
  children,
  wide = false,
}: {
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  /** Room for a form (a list to choose from, a note), scrolling on a short screen. */
  wide?: boolean;
}) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <AlertDialogPrimitive.Content
        {...returnFocus}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-xl',
          wide ? 'max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto' : 'max-w-md',
        )}
      >
        <AlertDialogPrimitive.Title className="text-lg font-semibold">
          {title}
        </AlertDialogPrimitive.Title>
        <AlertDialogPrimitive.Description className="mt-2 text-muted">
          {description}
        </AlertDialogPrimitive.Description>
        {children}
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}

/**
 * The answers: `cancel`, which closes the question and changes nothing, then the caller's
 * actions; stacked on phones with the action on top.
 */
export function AlertDialogActions({
  cancel,
  children,
  inForm = false,
}: {
  cancel: ReactNode;
  children: ReactNode;
  /** Inside a form whose own gap spaces the rows. */
  inForm?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex flex-col-reverse gap-3 sm:flex-row sm:justify-end',
        inForm ? 'mt-2' : 'mt-6',
      )}
    >
      <AlertDialogPrimitive.Cancel asChild>
        <Button type="button" variant="outline">
          {cancel}
        </Button>
      </AlertDialogPrimitive.Cancel>
      {children}
    </div>
  );
}

/**
 * A yes/no question: `cancel` closes it and changes nothing; `action` runs `onConfirm`, which is
 * given a way to close the question once the answer is taken. Opened by its own `trigger` (focus
 * goes back to it), or from outside with `open` and `onOpenChange` (from a menu's item).
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  cancel,
  action,
  destructive = false,
  busy,
  onConfirm,
  children,
}: {
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  cancel: ReactNode;
  action: ReactNode;
  destructive?: boolean;
  busy: boolean;
  onConfirm: (close: () => void) => void;
  /** More to answer before confirming (the giver's health check). */
  children?: ReactNode;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  return (
    <AlertDialog open={isOpen} onOpenChange={setOpen}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent title={title} description={description}>
        {children && <div className="mt-4">{children}</div>}
        <AlertDialogActions cancel={cancel}>
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            disabled={busy}
            onClick={() => onConfirm(() => setOpen(false))}
          >
            {action}
          </Button>
        </AlertDialogActions>
      </AlertDialogContent>
    </AlertDialog>
  );
}
