import { PageShell } from '#client/components/layout/page-shell';
import { errorMessage } from '#client/lib/api-client';
import { useAuthorPage } from '#client/lib/follows/author-follow';
import { useT } from '#client/lib/i18n/use-t';
import { AuthorProfile } from '#client/features/authors/components/author-profile';
import { TourCard } from '#client/features/tours/components/tour-card';

/** `/authors/:id`: an author's page with Follow, composed with the tours feature's cards. */
export default function AuthorRoute({ params }: { params: { id: string } }) {
  const author = useAuthorPage(params.id);
  const t = useT();
  return (
    <PageShell>
      {author.isLoading && (
        <p role="status" className="text-sm text-mist-300">
          {t('app.loading')}
        </p>
      )}
      {author.error && (
        <p role="alert" className="text-sm text-red-200">
          {errorMessage(author.error, t('app.authorNotFound'))}
        </p>
      )}
      {author.data && (
        <AuthorProfile
          author={author.data}
          tours={
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {author.data.tours.map((tour) => (
                <li key={tour.id}>
                  <TourCard tour={tour} />
                </li>
              ))}
            </ul>
          }
        />
      )}
    </PageShell>
  );
}
