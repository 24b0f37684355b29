import { EmptyState } from '../../components/States';

export default function UnmappedPage() {
  return <EmptyState title="UnmappedPage" />;
}
