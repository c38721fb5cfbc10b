import {
  useForm,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError, errorMessage } from './api';
import { toast, toastError } from '../components/ui/toast';

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

/**
 * The submit every account form shares: send the values; on success a toast titled `success`
 * saying the server's notice, an emptied form when `reset`, then the form's own follow-up; on
 * failure the server's per-field messages go on the fields in `fields` and the rest is said in
 * a toast titled `failure`. Failed submits keep what was typed.
 */
export function submitWith<Values extends FieldValues, Output, Result>(
  form: UseFormReturn<Values, unknown, Output>,
  send: (values: Output) => Promise<Result>,
  options: {
    fields: readonly FieldPath<Values>[];
    failure: string;
    success?: string;
    reset?: boolean;
    onSuccess?: (result: Result) => void;
  },
) {
  return form.handleSubmit(async (values) => {
    let result: Result;
    try {
      result = await send(values);
    } catch (err) {
      showServerFieldErrors(form, err, options.fields);
      toastError(errorMessage(err, 'Something went wrong. Please try again.'), options.failure);
      return;
    }
    if (options.success) {
      const said = (result as { message?: unknown } | undefined)?.message;
      toast({ title: options.success, description: typeof said === 'string' ? said : undefined });
    }
    if (options.reset) form.reset();
    options.onSuccess?.(result);
  });
}
