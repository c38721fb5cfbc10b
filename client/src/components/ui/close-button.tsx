import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

/**
 * The ✕ that closes a dialog, a toast or a panel: a fingertip's 44 px, named "Close" unless the
 * caller names what it closes. A Radix `Close` wears it through `asChild`.
 */
export const CloseButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(
  function CloseButton({ className, ...props }, ref) {
    const { t } = useTranslation();
    return (
      <button
        ref={ref}
        type="button"
        aria-label={t('toast.close')}
        className={cn('flex size-11 items-center justify-center', className)}
        {...props}
      >
        <X className="size-4" aria-hidden />
      </button>
    );
  },
);
