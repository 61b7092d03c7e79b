/** How often the app asks whether a newer build was deployed (docs/web.md "Shell"). */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/** The build id the server currently serves, or undefined when it cannot be read. */
export async function fetchDeployedBuildId(): Promise<string | undefined> {
  try {
    const response = await fetch('/version.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { buildId?: unknown };
    return typeof body.buildId === 'string' ? body.buildId : undefined;
  } catch {
    return undefined;
  }
}

/** A newer build exists when the served id is known and differs from the running one. */
export function isNewerBuild(runningId: string, deployedId: string | undefined): boolean {
  return deployedId !== undefined && runningId !== 'development' && deployedId !== runningId;
}
