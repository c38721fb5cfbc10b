import { Trans, useTranslation } from 'react-i18next';
import type { FaqItem } from './faq-accordion';
import { pageLinks } from '../../lib/page-links';

/** The questions' ids and their catalogue keys (`pages:help.<id>Q`, `…A`), in the spec's order. */
const questions = [
  { id: 'post', key: 'post' },
  { id: 'types', key: 'types' },
  { id: 'contact-owner', key: 'contact' },
  { id: 'free', key: 'free' },
  { id: 'safety', key: 'safety' },
  { id: 'manage', key: 'manage' },
  { id: 'report', key: 'report' },
  { id: 'contamination', key: 'contamination' },
] as const;

/** The eight questions of the Help Center (spec §2 /help), in the page's language. */
export function useHelpFaq(): FaqItem[] {
  const { t } = useTranslation('pages');
  const components = { strong: <strong />, ...pageLinks };
  return questions.map(({ id, key }) => ({
    id,
    question: t(`help.${key}Q`),
    answer: (
      <p>
        <Trans t={t} i18nKey={`help.${key}A`} components={components} />
      </p>
    ),
  }));
}
