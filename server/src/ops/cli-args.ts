/** Tiny `--name value` / `--flag` argument reading for the operations scripts (no dependency needed). */
export function readArgs(argv: string[], known: readonly string[]): Record<string, string | true> {
  const args: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match || !known.includes(match[1]!))
      throw new Error(`Unknown argument ${arg} (expected ${known.map((k) => `--${k}`).join(', ')})`);
    if (match[2] !== undefined) args[match[1]!] = match[2];
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) args[match[1]!] = argv[++i]!;
    else args[match[1]!] = true;
  }
  return args;
}

export function textArg(args: Record<string, string | true>, name: string): string | undefined {
  const value = args[name];
  if (value === true) throw new Error(`--${name} needs a value`);
  return value;
}

/** Runs a script's main, printing a failure as one clear message and exit code 1. */
export function runScript(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
