import { Link } from 'react-router';
import { paths } from './paths';

/** How a link to another page looks inside a sentence. */
export const textLinkClass =
  'font-medium text-accent-hover underline underline-offset-4 dark:text-accent';

/**
 * The site's pages as `<Trans>` components, so a sentence links one by its name
 * (`<rules>Community Rules</rules>`); a sentence uses only those it names.
 */
export const pageLinks = {
  browse: <Link to={paths.browse} className={textLinkClass} />,
  rules: <Link to={paths.rules} className={textLinkClass} />,
  safety: <Link to={paths.safety} className={textLinkClass} />,
  privacy: <Link to={paths.privacy} className={textLinkClass} />,
};
