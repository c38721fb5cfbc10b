import { useDocumentTitle } from '../lib/use-document-title';

export default function Page() {
  useDocumentTitle('Contact Us');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Contact Us</h1>
    </div>
  );
}
