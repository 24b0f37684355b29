import { EmptyState } from '../../components/States';

export default function BookDetailPage() {
  return <EmptyState title="BookDetailPage" />;
}
