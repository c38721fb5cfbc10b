import { useDocumentTitle } from '../lib/use-document-title';

export default function Page() {
  useDocumentTitle('Community Rules');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Community Rules</h1>
    </div>
  );
}
