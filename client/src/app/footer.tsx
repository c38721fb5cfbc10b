import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo';
import { paths } from '../lib/paths';
import { LanguagePicker } from '../features/site/language-picker';

const links = [
  { to: paths.rules, label: 'footer.rules' },
  { to: paths.moderationLog, label: 'footer.moderationLog' },
  { to: paths.safety, label: 'footer.safety' },
  { to: paths.help, label: 'footer.help' },
  { to: paths.contact, label: 'footer.contact' },
  { to: paths.privacy, label: 'footer.privacy' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    // Where the floating Share Starter button shows, the layout keeps room for it under here.
    <footer className="mt-16 border-t border-border bg-surface-muted">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-[1fr_auto] sm:items-start">
        <div>
          <div className="flex items-center gap-2">
            <Logo className="size-7" />
            <span className="font-display font-bold">CultureShare</span>
          </div>
          <p className="mt-2 max-w-sm text-sm text-muted">{t('footer.tagline')}</p>
          <LanguagePicker className="mt-4 max-w-xs" />
        </div>
        <nav aria-label={t('footer.nav')}>
          <ul className="flex flex-wrap gap-x-6 text-sm">
            {links.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  // A full 44 px row each: the links wrap onto lines a fingertip apart.
                  className="inline-flex min-h-11 items-center text-muted underline-offset-4 hover:text-text hover:underline"
                >
                  {t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted">
        {t('footer.copyright')}
      </p>
    </footer>
  );
}
