import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { profileUpdateSchema } from '../../../../common/members/auth';
import type { CurrentUser } from '../../../../common/members/users';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-controls';
import { toast, toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { showServerFieldErrors, useZodForm } from '../../lib/use-zod-form';
import { useUpdateProfile } from './profile-api';

interface ProfileField {
  name: 'username' | 'location' | 'contactInfo';
  id: string;
  autoComplete?: string;
  placeholder?: 'edit.locationPlaceholder' | 'edit.contactPlaceholder';
}

/** The profile's fields, in the order they are on screen; each is labelled by its own key. */
const FIELDS = [
  { name: 'username', id: 'profile-username', autoComplete: 'username' },
  {
    name: 'location',
    id: 'profile-location',
    autoComplete: 'address-level2',
    placeholder: 'edit.locationPlaceholder',
  },
  { name: 'contactInfo', id: 'profile-contact', placeholder: 'edit.contactPlaceholder' },
] as const satisfies readonly ProfileField[];

/** Edit mode of /profile: Username, Location, Contact Info, Save and Cancel (spec §2). */
export function ProfileEditForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  const form = useZodForm(profileUpdateSchema, {
    defaultValues: {
      username: user.username ?? '',
      location: user.location ?? '',
      contactInfo: user.contactInfo ?? '',
    },
  });
  const { handleSubmit, setError, setFocus } = form;

  // Edit mode opens on the first field so keyboard users continue where they were.
  useEffect(() => setFocus(FIELDS[0].name), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: t('edit.success'), description: t('edit.updated') });
      onDone();
    } catch (err) {
      showServerFieldErrors(
        { setError },
        err,
        FIELDS.map((f) => f.name),
      );
      toastError(errorMessage(err, t('edit.failed')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('edit.label')}>
      {FIELDS.map(({ name, id, autoComplete, placeholder }: ProfileField) => (
        <TextField
          key={name}
          form={form}
          name={name}
          id={id}
          label={t(`edit.${name}`)}
          placeholder={placeholder && t(placeholder)}
          autoComplete={autoComplete}
        />
      ))}
      <div className="flex flex-wrap gap-3 pt-1">
        <Button type="submit" disabled={update.isPending}>
          {t('edit.save')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          {t('edit.cancel')}
        </Button>
      </div>
    </form>
  );
}
