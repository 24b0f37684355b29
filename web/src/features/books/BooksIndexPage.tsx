import { EmptyState } from '../../components/States';

export default function BooksIndexPage() {
  return <EmptyState title="BooksIndexPage" />;
}
