import { CheckCircle2, XCircle } from 'lucide-react';
import { Input, Label } from '../../../components/ui/input';
import { parseTikTokUrl } from '#common/tiktok';

/** The TikTok URL with its live "Valid" / "Invalid TikTok URL" indicator (spec section 2). */
export function TikTokUrlField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const hasValue = value.trim().length > 0;
  const valid = hasValue && parseTikTokUrl(value) !== null;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="create-tiktok-url">TikTok URL</Label>
      <Input
        id="create-tiktok-url"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://www.tiktok.com/@user/video/1234567890123456789"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        aria-describedby="create-tiktok-status"
        aria-invalid={hasValue && !valid}
      />
      <p id="create-tiktok-status" aria-live="polite" className="min-h-5 text-xs">
        {hasValue &&
          (valid ? (
            <span className="inline-flex items-center gap-1 text-emerald-300">
              <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> Valid
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 text-red-300">
              <XCircle className="h-3.5 w-3.5" aria-hidden /> Invalid TikTok URL
            </span>
          ))}
      </p>
    </div>
  );
}
