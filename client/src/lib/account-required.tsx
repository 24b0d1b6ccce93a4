import { ToastAction } from '#client/components/ui/lazy-toast';
import { toast } from '#client/components/ui/use-toast';
import { paths } from '#client/config/paths';
import { translate } from '#client/lib/i18n/i18n';

/** What a signed-out person is told when an action needs an account (docs/design.md, part 2), one text per action. */
export const ACCOUNT_REQUIRED = {
  get create() {
    return translate('lib.accountRequiredCreate');
  },
  get myStories() {
    return translate('lib.accountRequiredMyStories');
  },
  get like() {
    return translate('lib.accountRequiredLike');
  },
  get report() {
    return translate('lib.accountRequiredReport');
  },
};

/** The "Account Required" toast with its "Sign In" action (to /auth). */
export function showAccountRequired(description: string, navigate: (to: string) => void) {
  toast({
    title: translate('lib.accountRequired'),
    description,
    action: (
      <ToastAction altText={translate('lib.signIn')} onClick={() => navigate(paths.auth)}>
        {translate('lib.signIn')}
      </ToastAction>
    ),
  });
}
