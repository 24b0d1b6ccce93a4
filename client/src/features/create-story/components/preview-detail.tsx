/** One line of the preview step's details: a label and its value; `wrap`: a long value (a URL) wraps rather than being cut. */
export function PreviewDetail({ label, value, wrap = false }: { label: string; value: string; wrap?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="shrink-0 text-mist-400">{label}</dt>
      {/* `auto`: a coordinate, a URL or a file name keeps its own direction inside a right-to-left page. */}
      <dd dir="auto" className={`min-w-0 text-end text-mist-100 ${wrap ? 'break-all' : 'truncate'}`}>
        {value}
      </dd>
    </div>
  );
}
