import { EmptyState } from '../../components/States';

export default function AddSearchPage() {
  return <EmptyState title="AddSearchPage" />;
}
