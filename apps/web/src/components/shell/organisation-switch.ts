import type { Organisation } from '@saldopilot/shared';
import { confirm } from '../../lib/confirm';
import { readPreference } from '../../lib/preferences';
import { hideSpinner, showSpinner } from '../../lib/spinner';
import { showToast } from '../../lib/toast';
import { switchCurrentOrganisation } from '../../reference-data/organisation-switch';

export const organisationSwitchTexts = {
  header: 'Organisation wechseln',
  question: (name: string) => `Möchten Sie die Organisation auf "${name}" wechseln?`,
  failedSummary: 'Fehler',
  failedDetail: 'Die Organisation konnte nicht geändert werden. Dies ist ein Systemfehler',
} as const;

/**
 * The organisation switch of docs/product.md "Organisation switch": nothing for the current one or none; the question unless the
 * user chose to skip it; then the full-screen spinner, the change on the server and a reload of the
 * app. Answers false when nothing changed (the caller shows the current organisation again).
 */
export async function switchOrganisation(
  target: Pick<Organisation, 'id' | 'name'> | undefined,
  currentId: number | null,
  /** Where the app starts afresh (the Übersicht opens the Prognose: docs/cockpit.md); default: here. */
  destination?: string,
): Promise<boolean> {
  if (!target || target.id === currentId) return false;
  if (!readPreference('skipOrganisationSwitchQuestion')) {
    const accepted = await confirm({
      header: organisationSwitchTexts.header,
      message: organisationSwitchTexts.question(target.name),
      icon: 'question',
    });
    if (!accepted) return false;
  }
  showSpinner();
  try {
    await switchCurrentOrganisation(target.id);
  } catch {
    hideSpinner();
    showToast({
      severity: 'error',
      summary: organisationSwitchTexts.failedSummary,
      detail: organisationSwitchTexts.failedDetail,
    });
    return false;
  }
  // Everything on screen belongs to the old organisation: start the app afresh.
  if (destination === undefined) window.location.reload();
  else window.location.assign(destination);
  return true;
}
