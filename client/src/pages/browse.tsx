import { WithStarterDialogs } from '../app/starter-dialogs';
import { BrowseView } from '../features/starters/browse-view';
import { useDocumentTitle } from '../lib/use-document-title';
import { pages } from '../../../common/pages';

export default function Page() {
  useDocumentTitle(pages.browse.title);
  return (
    <WithStarterDialogs>
      <BrowseView />
    </WithStarterDialogs>
  );
}
