import type { ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { CloseButton } from './close-button';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../lib/return-focus';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

/** A centred modal with a title, an optional description and a close button. */
export function DialogContent({
  title,
  description,
  children,
  className,
  onOpenAutoFocus,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Where focus goes on opening, when not the first control (prevent the event, then focus). */
  onOpenAutoFocus?: (event: Event) => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        // Without a description the title alone names the dialog: nothing is read twice.
        aria-describedby={description ? undefined : undefined}
        {...returnFocus}
        onOpenAutoFocus={(event) => {
          returnFocus.onOpenAutoFocus();
          onOpenAutoFocus?.(event);
        }}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
          'rounded-2xl border border-border bg-surface p-6 shadow-xl',
          className,
        )}
      >
        <DialogPrimitive.Title className="pe-10 text-lg font-semibold">
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-muted">
            {description}
          </DialogPrimitive.Description>
        ) : null}
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close asChild>
          <CloseButton className="absolute top-2.5 end-2.5 rounded-full text-muted hover:bg-surface-muted" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** A dialog's buttons: Cancel, which closes it, then the caller's actions; stacked on phones. */
export function DialogActions({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <DialogPrimitive.Close asChild>
        <Button variant="outline">{t('dialog.cancel')}</Button>
      </DialogPrimitive.Close>
      {children}
    </div>
  );
}
