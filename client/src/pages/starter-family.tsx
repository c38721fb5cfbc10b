import { useParams } from 'react-router';
import { FamilyTreeView } from '../features/lineage/family-tree-view';
import { starterQueries } from '../features/starters/starters-api';

export default function Page() {
  const { id } = useParams();
  return <FamilyTreeView rawId={id} starterQuery={starterQueries.detail} />;
}
