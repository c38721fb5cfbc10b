import { Link } from 'react-router';
import { paths } from '../lib/paths';

/** Shown when a page fails to render or its code fails to load. */
export function RouteError() {
  return (
    <div className="mx-auto max-w-lg px-4 py-24 text-center" role="alert">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-muted">
        Please reload the page. If it keeps happening, try again later.
      </p>
      <Link to={paths.home} className="mt-6 inline-block font-medium text-accent underline">
        Go to the home page
      </Link>
    </div>
  );
}
