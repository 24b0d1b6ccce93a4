import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { PageShell } from '#client/components/layout/page-shell';
import { paths } from '#client/config/paths';
import { useCurrentUser } from '#client/lib/auth/current-user';
import { useT } from '#client/lib/i18n/use-t';
import { ModerationQueue } from '#client/features/moderation/components/moderation-queue';
import { RolesSection } from '#client/features/moderation/components/roles-section';
import { TraceQueue } from '#client/features/moderation/components/trace-queue';

/** /moderation: the review queue (docs/design.md, rule 18, docs/moderation.md); moderators only, and roles for admins. */
export default function ModerationPage() {
  const { data: user } = useCurrentUser();
  const t = useT();
  return (
    <PageShell>
      <div className="grid grid-cols-1 gap-5">
        <Link
          href={paths.home}
          className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm text-mist-300 hover:text-mist-100"
        >
          <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          {t('app.backToMap')}
        </Link>
        <h1 className="font-display text-3xl font-semibold text-mist-100">{t('app.moderationTitle')}</h1>
        <ModerationQueue />
        <TraceQueue />
        {user?.role === 'admin' && <RolesSection />}
      </div>
    </PageShell>
  );
}
