import { EmptyState } from '../../components/States';

export default function AuthorDetailPage() {
  return <EmptyState title="AuthorDetailPage" />;
}
