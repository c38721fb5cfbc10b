import type { ReactNode } from 'react';
import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { Button, type ButtonProps } from './button';

type Mutation<Data, Failure, Variables, Context> = Pick<
  UseMutationResult<Data, Failure, Variables, Context>,
  'mutate' | 'isPending'
>;

/**
 * A button that sends one change: a press runs `mutation` with `variables` and the callbacks
 * that say how it went (`outcome`), and the button cannot be pressed again while the change is
 * under way (it shows `busy` meanwhile, if given).
 */
export function MutationButton<Data, Failure, Variables, Context>({
  mutation,
  variables,
  outcome,
  busy,
  disabled,
  children,
  ...props
}: Omit<ButtonProps, 'onClick'> & {
  mutation: Mutation<Data, Failure, Variables, Context>;
  variables: Variables;
  outcome?: MutateOptions<Data, Failure, Variables, Context>;
  busy?: ReactNode;
}) {
  const pending = mutation.isPending;
  return (
    <Button
      {...props}
      disabled={disabled || pending}
      onClick={() => mutation.mutate(variables, outcome)}
    >
      {pending && busy ? busy : children}
    </Button>
  );
}
