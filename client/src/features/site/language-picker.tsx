import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteLanguage } from '../../../../common/i18n/completeness';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  languageOf,
  LANGUAGES,
  LANGUAGE_NAMES,
} from '../../../../common/i18n/languages';
import type { CurrentUser } from '../../../../common/members/users';
import { NativeSelect } from '../../components/ui/inputs';
import { toastError } from '../../components/ui/toast';
import { apiRequest } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { currentLanguage, switchLanguage } from '../../lib/i18n';
import { currentUserQueryKey, siteLanguagesQueryKey } from '../../lib/query-keys';
import { cn } from '../../lib/cn';

/** Until GET /api/site/languages answers: the names alone. */
const namesOnly: SiteLanguage[] = LANGUAGES.map((code) => ({
  code,
  name: LANGUAGE_NAMES[code],
  complete: 1,
}));

/**
 * The site's languages, each with how much of the site it covers (decision 090). A choice
 * shows at once; a member's is saved on their account (so their mail follows it), a visitor's
 * in this browser. The footer's shows the page's language; the profile's (`account`) the one
 * saved on the account, which the bell and the mail use (English until one is chosen).
 */
export function LanguagePicker({
  className,
  shows = 'page',
}: {
  className?: string;
  shows?: 'page' | 'account';
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const { data: languages = namesOnly } = useQuery({
    queryKey: siteLanguagesQueryKey,
    queryFn: ({ signal }) => apiRequest<SiteLanguage[]>('/api/site/languages', { signal }),
    staleTime: Infinity,
  });

  async function choose(code: string) {
    if (!isLanguage(code)) return;
    try {
      await switchLanguage(code);
      if (user) {
        const saved = await apiRequest<CurrentUser>('/api/users/profile', {
          method: 'PATCH',
          body: { language: code },
        });
        queryClient.setQueryData(currentUserQueryKey, saved);
      }
    } catch {
      toastError(t('language.failed'));
    }
  }

  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {t('language.label')}
      </label>
      <NativeSelect
        id={id}
        value={
          shows === 'account' && user
            ? (languageOf(user.language) ?? DEFAULT_LANGUAGE)
            : currentLanguage(i18n)
        }
        onChange={(e) => void choose(e.target.value)}
        className="min-h-11"
      >
        {languages.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {t('language.option', { name: l.name, complete: l.complete })}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
