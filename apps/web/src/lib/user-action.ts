import { messageOf } from './api-error';
import { confirm, type ConfirmRequest } from './confirm';
import { showToast, type ToastMessage } from './toast';

/**
 * Runs a change the user asked for and tells how it went: the success toast, or an error toast
 * "Fehler" with the server's German message (`failed` when there is none). Answers whether it worked.
 */
export async function runReported(
  work: () => Promise<unknown>,
  success: Omit<ToastMessage, 'severity'> & { severity?: ToastMessage['severity'] },
  failed = 'Die Aktion ist fehlgeschlagen',
): Promise<boolean> {
  try {
    await work();
  } catch (error) {
    showToast({ severity: 'error', summary: 'Fehler', detail: messageOf(error, failed) });
    return false;
  }
  showToast({ severity: 'success', ...success });
  return true;
}

/**
 * Asks before a step that cannot be undone (remove, revoke, decline, delete): a warning, the accept
 * button red, and the focus on the rejecting button so a hasty Enter changes nothing.
 */
export function confirmDestructive(
  question: Omit<ConfirmRequest, 'icon' | 'danger' | 'defaultFocus'>,
): Promise<boolean> {
  return confirm({ ...question, icon: 'warning', danger: true, defaultFocus: 'reject' });
}

/**
 * The whole of a destructive step: asks first (confirmDestructive), then runs and reports it
 * (runReported). Answers whether it was confirmed and worked.
 */
export async function runConfirmed(
  question: Parameters<typeof confirmDestructive>[0],
  work: () => Promise<unknown>,
  success: Parameters<typeof runReported>[1],
): Promise<boolean> {
  if (!(await confirmDestructive(question))) return false;
  return runReported(work, success);
}
