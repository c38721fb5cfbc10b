import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, type FormBinding } from './form-controls';

interface AccountFieldProps<Values extends FieldValues> {
  form: FormBinding<Values>;
  name: FieldPath<Values>;
  id: string;
  label: string;
  hint?: ReactNode;
}

/** The address box of the sign-in, sign-up and forgotten-password forms. */
export function EmailField<Values extends FieldValues>(props: AccountFieldProps<Values>) {
  return (
    <TextField
      {...props}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
    />
  );
}

/**
 * A password box. A `fresh` one asks for a new password (the browser may offer to make one up);
 * otherwise it asks for the one in use (the browser may fill it in).
 */
export function PasswordField<Values extends FieldValues>({
  fresh = false,
  ...props
}: AccountFieldProps<Values> & { fresh?: boolean }) {
  return (
    <TextField
      {...props}
      type="password"
      autoComplete={fresh ? 'new-password' : 'current-password'}
    />
  );
}

/**
 * A new password typed twice, so a slip is caught before it locks the member out (sign-up,
 * reset, settings). The second box is the schema's `confirmPassword`. Labelled "New password"
 * and "Confirm new password" unless the form words them otherwise (sign-up's first password).
 */
export function NewPasswordFields<Values extends FieldValues & { confirmPassword: string }>({
  form,
  name,
  id,
  label,
  hint,
  confirmId,
  confirmLabel,
}: Omit<AccountFieldProps<Values>, 'label'> & {
  label?: string;
  confirmId: string;
  confirmLabel?: string;
}) {
  const { t } = useTranslation('auth');
  const confirm = 'confirmPassword' as FieldPath<Values>;
  return (
    <>
      <PasswordField
        form={form}
        name={name}
        id={id}
        label={label ?? t('newPassword.label')}
        hint={hint}
        fresh
      />
      <PasswordField
        form={form}
        name={confirm}
        id={confirmId}
        label={confirmLabel ?? t('newPassword.confirm')}
        fresh
      />
    </>
  );
}
