import { CheckCircle2, XCircle } from 'lucide-react';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { parseTikTokUrl } from '#common/tiktok';
import { useT } from '#client/lib/i18n/use-t';

/** An example, not words: the same in every language. */
const EXAMPLE_URL = 'https://www.tiktok.com/@user/video/1234567890123456789';

/** The TikTok URL with its live "Valid" / "Invalid TikTok URL" indicator (docs/design.md, part 2). */
export function TikTokUrlField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const hasValue = value.trim().length > 0;
  const valid = hasValue && parseTikTokUrl(value) !== null;
  return (
    <FormField
      id="create-tiktok-url"
      label={t('create.tiktokUrl')}
      describedBy="create-tiktok-status"
      after={
        <p id="create-tiktok-status" aria-live="polite" className="min-h-5 text-xs">
          {hasValue &&
            (valid ? (
              <span className="inline-flex items-center gap-1 text-emerald-300">
                <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> {t('create.valid')}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-red-300">
                <XCircle className="h-3.5 w-3.5" aria-hidden /> {t('create.invalidTiktokUrl')}
              </span>
            ))}
        </p>
      }
    >
      {(field) => (
        <Input
          {...field}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={EXAMPLE_URL}
          dir="ltr"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          aria-invalid={hasValue && !valid}
        />
      )}
    </FormField>
  );
}
