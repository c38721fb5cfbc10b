import {
  Children,
  cloneElement,
  isValidElement,
  type HTMLAttributes,
  type ReactElement,
} from 'react';
import { cn } from '../../lib/cn';

/** Passes its props and class onto its only child (a Link styled as a button). */
export function Slot({ children, className, ...props }: HTMLAttributes<HTMLElement>) {
  const child = Children.only(children);
  if (!isValidElement(child)) return null;
  const el = child as ReactElement<{ className?: string }>;
  return cloneElement(el, { ...props, className: cn(className, el.props.className) });
}
