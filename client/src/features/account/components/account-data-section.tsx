import { Download, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { deleteAccountRequestSchema } from '#common/account-schemas';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '#client/components/ui/dialog';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { paths } from '#client/config/paths';
import { errorMessage } from '#client/lib/api-client';
import { translate } from '#client/lib/i18n/i18n';
import { useT } from '#client/lib/i18n/use-t';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadAccountData } from '../api/export-account';

/** "Your data" on the profile screen (docs/design.md, rule 13): download everything as one file, or delete the account. */
export function AccountDataSection() {
  const download = useDownloadAccountData();
  const [deleting, setDeleting] = useState(false);
  const t = useT();

  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: translate('account.downloadStarted'),
          description: translate('account.savedAsJson'),
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: translate('account.downloadFailed'),
          description: errorMessage(error, translate('account.somethingWrong')),
          variant: 'destructive',
        }),
    });

  return (
    <section
      aria-labelledby="your-data-title"
      className="mt-6 rounded-2xl border border-night-600 bg-night-900/85 p-5 shadow-2xl backdrop-blur sm:p-7"
    >
      <h2 id="your-data-title" className="font-display text-xl font-semibold text-mist-100">
        {t('account.yourData')}
      </h2>
      <p className="mt-1 text-sm text-mist-300">{t('account.yourDataIntro')}</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button type="button" variant="outline" onClick={onDownload} disabled={download.isPending}>
          <Download aria-hidden />
          {download.isPending ? t('account.preparing') : t('account.downloadData')}
        </Button>
        <Button type="button" variant="destructive" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden />
          {t('account.deleteAccount')}
        </Button>
      </div>
      <Dialog open={deleting} onOpenChange={setDeleting}>
        {deleting && (
          <DialogContent title={t('account.deleteTitle')}>
            <DeleteAccountForm />
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}

function DeleteAccountForm() {
  const [, navigate] = useLocation();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const t = useT();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = deleteAccountRequestSchema.safeParse({ password });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    remove.mutate(checked.data, {
      onSuccess: (answer) => {
        navigate(paths.auth);
        toast({ title: translate('account.accountDeleted'), description: answer.message, variant: 'success' });
      },
      onError: (failure) => setError(errorMessage(failure, translate('account.notDeleted'))),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-mist-300">{t('account.deleteIntro')}</p>
      <FormField id="delete-account-password" label={t('account.password')} error={error}>
        {(field) => (
          <Input
            {...field}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={remove.isPending}>
            {t('account.keepAccount')}
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? t('account.deleting') : t('account.deleteMyAccount')}
        </Button>
      </div>
    </form>
  );
}
