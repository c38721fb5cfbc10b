import { useParams } from 'react-router';
import { FamilyTreeView } from '../features/starters/family-tree-view';

export default function Page() {
  const { id } = useParams();
  return <FamilyTreeView rawId={id} />;
}
