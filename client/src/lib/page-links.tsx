import { Link } from 'react-router';
import { paths } from './paths';

/** How a link to another page looks inside a sentence. */
export const textLinkClass =
  'font-medium text-accent-hover underline underline-offset-4 dark:text-accent';

const linksTo = (className: string) => ({
  browse: <Link to={paths.browse} className={className} />,
  rules: <Link to={paths.rules} className={className} />,
  safety: <Link to={paths.safety} className={className} />,
  privacy: <Link to={paths.privacy} className={className} />,
});

/**
 * The site's pages as `<Trans>` components, so a sentence links one by its name
 * (`<rules>Community Rules</rules>`); a sentence uses only those it names.
 */
export const pageLinks = linksTo(textLinkClass);

/**
 * The same, for a sentence with no other control near it: each link takes a fingertip's tap,
 * 44 × 44 px, around its words (decision 058).
 */
export const tapPageLinks = linksTo(`tap ${textLinkClass}`);
