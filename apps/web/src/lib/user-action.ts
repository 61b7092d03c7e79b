import { messageOf } from './api-error';
import { confirm, type ConfirmRequest } from './confirm';
import { showToast, showToastAfterReload, type ToastMessage } from './toast';

type Success = Omit<ToastMessage, 'severity'> & {
  severity?: ToastMessage['severity'];
  /** After a change that alters what the whole app shows: load this address, the toast shows there. */
  reloadAt?: string;
};

/**
 * Runs a change the user asked for and tells how it went: the success toast, or an error toast
 * "Fehler" with the server's German message (`failed` when there is none). Answers whether it worked.
 */
export async function runReported(
  work: () => Promise<unknown>,
  success: Success,
  failed = 'Die Aktion ist fehlgeschlagen',
): Promise<boolean> {
  try {
    await work();
  } catch (error) {
    showToast({ severity: 'error', summary: 'Fehler', detail: messageOf(error, failed) });
    return false;
  }
  const { reloadAt, ...toast } = success;
  const message: ToastMessage = { severity: 'success', ...toast };
  if (reloadAt === undefined) {
    showToast(message);
  } else {
    showToastAfterReload(message);
    window.location.assign(reloadAt);
  }
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
