import {
  useForm,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormSetError,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError } from './api';

/**
 * The one way to write a form: react-hook-form checked by a schema from `common/` (the same
 * one the server parses with), so a rule and its message live once. Failed submits keep what
 * was typed; only success resets.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...options,
    resolver: zodResolver(schema),
  });
}

/**
 * Puts the server's per-field messages (`fields` of a 400) on the form's fields; the first gets
 * focus. Fields the form does not show are left to the toast.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  form: { setError: UseFormSetError<Values> },
  err: unknown,
  shown: readonly FieldPath<Values>[],
): void {
  const fields = err instanceof ApiError ? err.fields : undefined;
  if (!fields) return;
  let first = true;
  for (const name of shown) {
    const message = fields[name];
    if (!message) continue;
    form.setError(name, { message }, { shouldFocus: first });
    first = false;
  }
}
