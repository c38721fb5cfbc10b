import { WithStarterDialogs } from '../app/starter-dialogs';
import { BrowseView } from '../features/starters/browse-view';
import { useDocumentTitle } from '../lib/use-document-title';

export default function Page() {
  useDocumentTitle('Browse Starters');
  return (
    <WithStarterDialogs>
      <BrowseView />
    </WithStarterDialogs>
  );
}
