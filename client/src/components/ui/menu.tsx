import type { ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { cn } from '../../lib/cn';

/** One line of a menu: its icon, then its words. */
export const menuItemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-muted data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';

/**
 * A dropdown menu opened by `trigger` (a button), lined up with its end. Not modal: a modal menu
 * hides the page from screen readers while it stays focusable; so it is drawn inside the main
 * landmark, as part of the page (axe 'region').
 */
export function Menu({
  trigger,
  sideOffset,
  className,
  children,
}: {
  trigger: ReactNode;
  sideOffset: number;
  /** Its width. */
  className: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal container={document.getElementById('main')}>
        <DropdownMenu.Content
          align="end"
          sideOffset={sideOffset}
          className={cn(
            'z-50 rounded-xl border border-border bg-surface p-1.5 shadow-lg',
            className,
          )}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
