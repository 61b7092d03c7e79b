/** The most characters Excel allows in a sheet's name. */
const MAX_NAME = 31;

/**
 * Checks the sheets' names as Excel would: a name Excel refuses makes it call the whole file
 * damaged, so a wrong name is our mistake, said at once (the names are ours, never a user's text).
 */
export function checkSheetNames(names: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    const fault =
      name.length === 0 || name.length > MAX_NAME
        ? `must have 1–${MAX_NAME} characters`
        : /[:\\/?*[\]]|\p{Cc}/u.test(name)
          ? 'must not contain : \\ / ? * [ ] or control characters'
          : name.startsWith("'") || name.endsWith("'")
            ? "must not start or end with '"
            : name.toLowerCase() === 'history'
              ? 'is reserved by Excel'
              : seen.has(name.toLowerCase())
                ? 'is used twice (Excel ignores case)'
                : undefined;
    if (fault) throw new RangeError(`sheet name ${JSON.stringify(name)} ${fault}`);
    seen.add(name.toLowerCase());
  }
}
