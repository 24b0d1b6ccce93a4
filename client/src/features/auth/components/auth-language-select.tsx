import { useId } from 'react';
import { INTERFACE_LOCALES, isInterfaceLocale, LOCALE_NAMES } from '#common/locales';
import { currentLocale } from '#client/lib/i18n/i18n';
import { useChooseLanguage } from '#client/lib/i18n/use-choose-language';
import { useT } from '#client/lib/i18n/use-t';

/** The language choice for a signed-out visitor, who has no account menu: a small native select under the form. */
export function AuthLanguageSelect() {
  // useT subscribes to the active language, so the select (and its label) follow a change at once.
  const t = useT();
  const chooseLanguage = useChooseLanguage();
  const id = useId();
  return (
    <div className="mt-5 flex items-center justify-center gap-2 text-xs text-mist-400">
      <label htmlFor={id}>{t('auth.language')}</label>
      <select
        id={id}
        value={currentLocale()}
        onChange={(e) => {
          if (isInterfaceLocale(e.target.value)) void chooseLanguage(e.target.value);
        }}
        className="rounded-md border border-night-600 bg-night-950 px-2 py-1 text-xs text-mist-100"
      >
        {INTERFACE_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
