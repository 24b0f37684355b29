import { EmptyState } from '../../components/States';

export default function BookshelfPage() {
  return <EmptyState title="BookshelfPage" />;
}
