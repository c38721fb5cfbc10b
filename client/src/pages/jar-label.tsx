import { useParams } from 'react-router';
import { CareCard } from '../features/care/care-card';
import { JarLabelView } from '../features/labels/jar-label-view';
import { FamilySummary } from '../features/lineage/family-summary';
import { usePageTitle } from '../lib/use-document-title';

/** /j/:code — what a jar label's QR code opens (decision 157). */
export default function Page() {
  usePageTitle('jar');
  const { code = '' } = useParams();
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-8">
      <JarLabelView
        code={code}
        details={(label) => (
          <>
            <CareCard subcategory={label.subcategory} form={label.form} />
            <FamilySummary starterId={label.starterId} />
          </>
        )}
      />
    </div>
  );
}
