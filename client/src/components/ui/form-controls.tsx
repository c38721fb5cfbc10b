import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import * as RadioGroup from '@radix-ui/react-radio-group';
import {
  get,
  useController,
  useWatch,
  type Control,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormRegister,
} from 'react-hook-form';
import { cn } from '../../lib/cn';
import { Input, Label, Textarea } from './inputs';
import { useMessageText } from '../../lib/message-text';

export { Input, Label, NativeSelect, Textarea } from './inputs';

/** A labelled control with its hint and error, wired for assistive technology. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The error line under a control, in the reader's words; its id (`<id>-error`) is the one the
 * control's `aria-describedby` names. Nothing when there is no error.
 */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  const say = useMessageText();
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="text-sm text-danger">
      {say(error)}
    </p>
  );
}

/** aria props for a control inside <Field>. */
export function fieldAria(id: string, error?: string, hint?: boolean) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

export interface RadioCardOption<Value extends string> {
  value: Value;
  label: ReactNode;
  hint?: ReactNode;
}

/**
 * A choice shown as cards, one per option (report reasons, sanction kind): Radix RadioGroup,
 * so arrow keys move between options and assistive technology hears a radio group.
 */
export function RadioCards<Value extends string>({
  id,
  legend,
  options,
  value,
  onValueChange,
  error,
  className,
  name,
}: {
  id: string;
  legend: ReactNode;
  options: readonly RadioCardOption<Value>[];
  value: Value | '' | undefined;
  onValueChange: (value: Value) => void;
  error?: string;
  className?: string;
  name?: string;
}) {
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
  const say = useMessageText();
  return (
    <div>
      <p id={legendId} className="mb-2 text-sm font-medium">
        {legend}
      </p>
      <RadioGroup.Root
        id={id}
        name={name}
        value={value || ''}
        onValueChange={(v) => onValueChange(v as Value)}
        aria-labelledby={legendId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn('grid gap-2', className)}
      >
        {options.map((option) => {
          const itemId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={itemId}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 transition-colors hover:bg-surface-muted',
                'has-[[data-state=checked]]:border-accent has-[[data-state=checked]]:bg-accent-soft/60',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent',
              )}
            >
              <RadioGroup.Item
                id={itemId}
                value={option.value}
                aria-labelledby={`${itemId}-label`}
                aria-describedby={option.hint ? `${itemId}-hint` : undefined}
                className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-muted outline-none data-[state=checked]:border-accent"
              >
                <RadioGroup.Indicator className="size-2 rounded-full bg-accent" />
              </RadioGroup.Item>
              <span>
                <span id={`${itemId}-label`} className="block text-sm font-medium">
                  {option.label}
                </span>
                {option.hint && (
                  <span id={`${itemId}-hint`} className="block text-xs text-muted">
                    {option.hint}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </RadioGroup.Root>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-danger">
          {say(error)}
        </p>
      )}
    </div>
  );
}

/** "12/500" under a text box; red once past the limit. */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className={cn('text-end text-xs', length > max ? 'text-danger' : 'text-muted')}>
      {length}/{max}
    </p>
  );
}

/** What a field needs from its form (`useZodForm`'s answer has all of it). */
export interface FormBinding<Values extends FieldValues> {
  register: UseFormRegister<Values>;
  control: Control<Values, unknown, FieldValues>;
  formState: { errors: FieldErrors<Values> };
}

type BoundFieldProps<Values extends FieldValues> = {
  form: FormBinding<Values>;
  name: FieldPath<Values>;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
};

function fieldError<Values extends FieldValues>(
  form: FormBinding<Values>,
  name: FieldPath<Values>,
): string | undefined {
  return (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
}

/** The labelled frame around a bound control, and the props that wire the control into it. */
function BoundField<Values extends FieldValues>({
  field,
  render,
}: {
  field: BoundFieldProps<Values>;
  render: (control: Record<string, unknown>) => ReactNode;
}) {
  const { form, name, id, hint } = field;
  const error = fieldError(form, name);
  return (
    <Field id={id} label={field.label} hint={hint} error={error} className={field.className}>
      {render({ ...fieldAria(id, error, !!hint), ...form.register(name) })}
    </Field>
  );
}

/** Splits a bound field's props into the frame's (`BoundField`) and the control's own. */
function splitBound<Values extends FieldValues, Control extends object>({
  form,
  name,
  id,
  label,
  hint,
  className,
  ...control
}: BoundFieldProps<Values> & Control): [BoundFieldProps<Values>, Control] {
  return [{ form, name, id, label, hint, className }, control as Control];
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'id'>;
type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'form' | 'name' | 'id'>;

/** A labelled text input bound to a form field: its error, hint and aria wiring included. */
export function TextField<Values extends FieldValues>(props: BoundFieldProps<Values> & InputProps) {
  const [field, input] = splitBound<Values, InputProps>(props);
  return <BoundField field={field} render={(control) => <Input {...input} {...control} />} />;
}

/** A labelled text area bound to a form field, like `TextField`. */
export function TextareaField<Values extends FieldValues>(
  props: BoundFieldProps<Values> & AreaProps,
) {
  const [field, area] = splitBound<Values, AreaProps>(props);
  return <BoundField field={field} render={(control) => <Textarea {...area} {...control} />} />;
}

/** `RadioCards` bound to a form field; `onChosen` runs after the field takes the value. */
export function RadioCardsField<Values extends FieldValues, Value extends string>({
  form,
  name,
  id,
  legend,
  options,
  className,
  onChosen,
}: {
  form: FormBinding<Values>;
  name: FieldPath<Values>;
  id: string;
  legend: ReactNode;
  options: readonly RadioCardOption<Value>[];
  className?: string;
  onChosen?: (value: Value) => void;
}) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <RadioCards
      id={id}
      name={field.name}
      legend={legend}
      options={options}
      value={field.value as Value | undefined}
      onValueChange={(value) => {
        field.onChange(value);
        onChosen?.(value);
      }}
      error={fieldState.error?.message}
      className={className}
    />
  );
}

/**
 * A choice among cards and, once one is chosen, a box for more words with its character count;
 * the words are required when the choice is `detailsRequiredFor`.
 */
export function ChoiceWithDetailsFields<Values extends FieldValues, Value extends string>({
  form,
  id,
  choice,
  details,
  legend,
  options,
  detailsLabel,
  detailsPlaceholder,
  detailsRequiredFor,
  maxLength,
}: {
  form: FormBinding<Values> & { clearErrors: (name: FieldPath<Values>) => void };
  id: string;
  choice: FieldPath<Values>;
  details: FieldPath<Values>;
  legend: ReactNode;
  options: readonly RadioCardOption<Value>[];
  detailsLabel: string;
  detailsPlaceholder: string;
  detailsRequiredFor: Value;
  maxLength: number;
}) {
  const chosen = useWatch({ control: form.control, name: choice }) as Value | undefined;
  const text = (useWatch({ control: form.control, name: details }) as string | undefined) ?? '';
  const error = fieldError(form, details);
  const detailsId = `${id}-details`;
  const countId = `${detailsId}-count`;
  const required = chosen === detailsRequiredFor;
  return (
    <>
      <RadioCardsField
        form={form}
        name={choice}
        id={`${id}-choice`}
        legend={legend}
        options={options}
        onChosen={() => form.clearErrors(details)}
      />
      {chosen && (
        <Field
          id={detailsId}
          label={
            <>
              {detailsLabel}
              {required && ' (Required)'}
            </>
          }
          error={error}
        >
          <Textarea
            {...fieldAria(detailsId, error)}
            aria-describedby={error ? `${detailsId}-error` : countId}
            maxLength={maxLength}
            required={required}
            placeholder={detailsPlaceholder}
            {...form.register(details)}
          />
          {!error && <CharacterCount id={countId} length={text.length} max={maxLength} />}
        </Field>
      )}
    </>
  );
}
